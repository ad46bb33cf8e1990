import numpy as np
import jax.numpy as jnp
from jax import lax


def trajectory(x0, n):
    def step(x, _):
        x = jnp.cos(x)
        return x, x

    _, xs = lax.scan(step, jnp.asarray(x0, jnp.float32), None, length=n)
    return np.asarray(xs)
