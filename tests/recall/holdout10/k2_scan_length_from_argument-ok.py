# expect: none
# source: https://github.com/jax-ml/jax/issues/3603
# mistake: none: the step count is declared static with static_argnames, so scan gets a Python int (one compile per distinct length).
# kind: 2 traced values in Python control flow and shapes
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


class EulerIntegrator:
    def __init__(self, dt):
        self.dt = dt

    def rollout(self, state, n_steps):
        def step(s, _):
            s = s + self.dt * (-0.5 * s)
            return s, s

        _, path = lax.scan(step, state, xs=None, length=n_steps)
        return path


@partial(jax.jit, static_argnames="n_steps")
def simulate(state, n_steps):
    return EulerIntegrator(0.1).rollout(state, n_steps)


def main():
    for n in (5, 10):
        path = simulate(jnp.array([1.0, 2.0]), n_steps=n)
        assert path.shape == (n, 2)


if __name__ == "__main__":
    main()
