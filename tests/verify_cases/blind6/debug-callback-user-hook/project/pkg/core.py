import jax
import jax.numpy as jnp
from jax import lax


def train(xs, on_step):
    def body(c, x):
        i, w = c
        loss = (w - x) ** 2
        jax.debug.callback(on_step, i, loss)
        return (i + 1, w - 0.1 * 2 * (w - x)), None
    (_, w), _ = lax.scan(body, (jnp.int32(0), jnp.float32(0.0)), xs)
    return w
