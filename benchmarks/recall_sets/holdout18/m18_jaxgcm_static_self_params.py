# expect: bug
# source: https://github.com/climate-analytics-lab/jax-gcm/issues/735
# mistake: Model._run_from_state is jitted with `self` static, so physics parameters are baked into the compiled executable; changing a term's parameter in place between runs of the sweep loop hits the same cache entry and the new value silently never reaches the simulation.
from functools import partial

import jax
import jax.numpy as jnp


class Params:
    def __init__(self, trvdi):
        self._value = {"trvdi": trvdi}

    def get_value(self):
        return self._value

    def set_value(self, value):
        self._value = value


class VerticalDiffusion:
    name = "speedy_vertical_diffusion"

    def __init__(self):
        self.params = Params(trvdi=jnp.array(24.0))

    def tendency(self, temperature):
        return -(temperature - 250.0) / self.params.get_value()["trvdi"]


class Physics:
    def __init__(self, terms):
        self.terms = terms


class Model:
    def __init__(self, physics, time_step=30.0):
        self.physics = physics
        self.time_step = time_step

    # Note: changing fields assumed static won't propagate.
    @partial(jax.jit, static_argnums=(0, 2))
    def _run_from_state(self, temperature, n_steps):
        def body(i, t):
            return t + self.time_step / 3600.0 * sum(term.tendency(t) for term in self.physics.terms)
        return jax.lax.fori_loop(0, n_steps, body, temperature)

    def run(self, total_time=0.5):
        return self._run_from_state(jnp.full((4,), 280.0), int(total_time * 48))


def main():
    m = Model(physics=Physics([VerticalDiffusion()]))
    results = []
    for trvdi in [24.0, 2.0, 0.5]:
        term = next(t for t in m.physics.terms if t.name == "speedy_vertical_diffusion")
        term.params.set_value(dict(term.params.get_value(), trvdi=jnp.array(trvdi)))
        T = m.run(total_time=0.5)
        results.append(float(T[0]))
        print("trvdi", trvdi, "-> T", round(float(T[0]), 4))
    print("parameter sweep had any effect:", len(set(results)) > 1)
