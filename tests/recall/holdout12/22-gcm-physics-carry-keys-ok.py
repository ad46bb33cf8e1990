# expect: none
# source: https://github.com/climate-analytics-lab/jax-gcm/pull/472
# mistake: None: the initial carry is the zero-filled template of the post-step physics output updated with the true initial state, so its keys match what each step returns.
# kind: 5 carry structure mismatch
import jax.numpy as jnp
from jax import lax


class Physics:
    def initial_carry_state(self, n):
        return {"surface_temp": jnp.full((n,), 288.0)}

    def get_empty_data(self, n):
        return {"surface_temp": jnp.zeros((n,)), "precip": jnp.zeros((n,)),
                "cloud_frac": jnp.zeros((n,))}

    def compute_tendencies(self, carry, forcing):
        t = carry["surface_temp"] + 0.1 * forcing
        precip = jnp.maximum(t - 290.0, 0.0)
        return {"surface_temp": t, "precip": precip, "cloud_frac": jnp.tanh(precip)}


class Model:
    def __init__(self, physics, n_columns):
        self.physics = physics
        self.n = n_columns

    def _initial_carry(self):
        template = self.physics.get_empty_data(self.n)
        return {**template, **self.physics.initial_carry_state(self.n)}

    def run(self, forcings):
        def step(carry, forcing):
            new = self.physics.compute_tendencies(carry, forcing)
            return new, new["precip"].sum()

        return lax.scan(step, self._initial_carry(), forcings)


def main():
    model = Model(Physics(), n_columns=5)
    final, precip = model.run(jnp.ones((12, 5)))
    assert precip.shape == (12,)


if __name__ == "__main__":
    main()
