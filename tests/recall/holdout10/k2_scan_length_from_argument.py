# expect: bug
# source: https://github.com/jax-ml/jax/issues/3603
# mistake: the number of scan steps is a traced argument of the jitted rollout, so lax.scan(length=...) receives a tracer and raises ConcretizationTypeError.
# kind: 2 traced values in Python control flow and shapes
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


@jax.jit
def simulate(state, n_steps):
    return EulerIntegrator(0.1).rollout(state, n_steps)


def main():
    for n in (5, 10):
        simulate(jnp.array([1.0, 2.0]), n)


if __name__ == "__main__":
    main()
