# expect: none
# source: https://github.com/jax-ml/jax/pull/16430
# mistake: none: the clamp uses jnp.minimum, which stays traced inside the scan body; min() is only applied to Python floats while building the step.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax


def make_leaky_bucket(capacity, hard_cap=10.0):
    cap = min(capacity, hard_cap)  # plain Python numbers, fine

    def step(level, inflow):
        level = jnp.minimum(level + inflow, cap)
        return level * 0.9, level

    return step


def fill_levels(inflows, capacity=5.0):
    _, levels = lax.scan(make_leaky_bucket(capacity), jnp.float32(0.0), inflows)
    return levels


def main():
    inflows = jnp.array([1.0, 3.0, 4.0, 0.5, 2.0])
    levels = fill_levels(inflows)
    assert levels.shape == (5,)


if __name__ == "__main__":
    main()
