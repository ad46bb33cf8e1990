import jax
import jax.numpy as jnp
from jax import lax


def descend(x0, w, lr, steps):
    w = jnp.asarray(w)
    lr = jnp.asarray(lr)

    def body(x, _):
        g = 2.0 * w * (x - 1.0)
        x = x - lr * g
        return x, x

    return lax.scan(body, x0, None, length=steps)
