# expect: bug
# source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while
# mistake: a Python `while x > 1.0` loop is left inside a jitted function; the exit condition touches a traced value and raises a concretization (TracerBoolConversionError) error
# kind: 2 traced-control-flow
import jax.numpy as jnp
from jax import jit


@jit
def bad(x):
    while x > 1.0:
        x = x * 0.5
    return x


def main():
    # raises jax.errors.TracerBoolConversionError
    print(bad(jnp.float32(4.0)))


if __name__ == "__main__":
    main()
