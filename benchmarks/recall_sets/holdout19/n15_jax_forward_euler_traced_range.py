# expect: bug
# source: https://github.com/jax-ml/jax/issues/25186
# mistake: the jitted forwardEuler computes its step count from traced arguments and drives a Python `for i in range(nSteps - 1)` loop with it, so tracing fails with TracerIntegerConversionError (the loop bound must be static or the loop a lax.fori_loop).
import jax
import jax.numpy as jnp
import numpy as np

realType = jnp.float32


def rSquared(x, y, u):
    return (u - x) ** 2 + y ** 2


def velocity(z, x, dx, h):
    return -z / h + 0.1 * jnp.exp(-rSquared(x, 0.0, dx))


@jax.jit
def forwardEuler(z0, x, dx, h, T, dt):
    nSteps = jnp.int32(T / dt) + 1
    z = jnp.zeros(100, dtype=realType).at[0].set(z0)
    for i in range(nSteps - 1):
        z = z.at[i + 1].set(z[i] + dt * velocity(z[i], x, dx, h))
    return z


def main():
    try:
        z = forwardEuler(1.0, 0.5, 0.2, 2.0, 1.0, 0.1)
        print("trajectory end:", float(z[10]))
    except jax.errors.TracerIntegerConversionError as e:
        print("forwardEuler failed:", type(e).__name__, str(e).splitlines()[0][:100])
