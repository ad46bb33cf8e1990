# expect: none
# source: https://github.com/jax-ml/jax/issues/25186
# mistake: the number of steps is a static Python int (static_argnames) and the time loop is a lax.fori_loop over it, so the jitted forwardEuler traces once with a concrete trip count.
from functools import partial

import jax
import jax.numpy as jnp

realType = jnp.float32


def rSquared(x, y, u):
    return (u - x) ** 2 + y ** 2


def velocity(z, x, dx, h):
    return -z / h + 0.1 * jnp.exp(-rSquared(x, 0.0, dx))


@partial(jax.jit, static_argnames=("nSteps",))
def forwardEuler(z0, x, dx, h, dt, nSteps):
    z = jnp.zeros(nSteps, dtype=realType).at[0].set(z0)

    def body(i, z):
        return z.at[i + 1].set(z[i] + dt * velocity(z[i], x, dx, h))

    return jax.lax.fori_loop(0, nSteps - 1, body, z)


def main():
    T, dt = 1.0, 0.1
    nSteps = int(round(T / dt)) + 1
    z = forwardEuler(1.0, 0.5, 0.2, 2.0, dt, nSteps=nSteps)
    print("trajectory end:", round(float(z[-1]), 4))
