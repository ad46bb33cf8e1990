# expect: none
# source: https://github.com/climate-analytics-lab/jax-gcm/issues/735
# mistake: the physics parameters are passed to the jitted run as a dynamic pytree argument (only structure stays static), so each value in the parameter-sweep loop reaches the simulation without recompiling.
import jax
import jax.numpy as jnp


class VerticalDiffusion:
    name = "speedy_vertical_diffusion"

    @staticmethod
    def default_params():
        return {"trvdi": jnp.array(24.0)}

    @staticmethod
    def tendency(params, temperature):
        return -(temperature - 250.0) / params["trvdi"]


class Model:
    def __init__(self, terms, time_step=30.0):
        self.terms = terms
        self.time_step = time_step
        self._run = jax.jit(self._run_from_state, static_argnums=(2,))

    def _run_from_state(self, params, temperature, n_steps):
        def body(i, t):
            return t + self.time_step / 3600.0 * sum(
                term.tendency(params[term.name], t) for term in self.terms)
        return jax.lax.fori_loop(0, n_steps, body, temperature)

    def run(self, params, total_time=0.5):
        return self._run(params, jnp.full((4,), 280.0), int(total_time * 48))


def main():
    m = Model(terms=[VerticalDiffusion()])
    params = {"speedy_vertical_diffusion": VerticalDiffusion.default_params()}
    results = []
    for trvdi in [24.0, 2.0, 0.5]:
        params = {"speedy_vertical_diffusion": dict(params["speedy_vertical_diffusion"], trvdi=jnp.array(trvdi))}
        T = m.run(params, total_time=0.5)
        results.append(float(T[0]))
        print("trvdi", trvdi, "-> T", round(float(T[0]), 4))
    print("parameter sweep had any effect:", len(set(results)) > 1)
