# expect: bug
# source: https://github.com/jax-ml/jax/pull/16430
# mistake: the scan body clamps with Python's builtin min() on traced values, which converts a tracer to bool and raises TracerBoolConversionError.
# kind: 2 traced values in Python control flow and shapes
import jax
import jax.numpy as jnp
from jax import lax


def make_leaky_bucket(capacity):
    def step(level, inflow):
        level = min(level + inflow, capacity)  # builtin min -> bool(tracer)
        return level * 0.9, level

    return step


def fill_levels(inflows, capacity=5.0):
    _, levels = lax.scan(make_leaky_bucket(capacity), jnp.float32(0.0), inflows)
    return levels


def main():
    inflows = jnp.array([1.0, 3.0, 4.0, 0.5, 2.0])
    print(fill_levels(inflows))


if __name__ == "__main__":
    main()
