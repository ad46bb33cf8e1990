import jax
import jax.numpy as jnp
from jax import lax


def rollout(x0, n):
    def body(x, _):
        x = lax.cond(x > 1.0, lambda v: v * 0.95, lambda v: v + 0.1, x)
        return x, x
    _, xs = lax.scan(body, x0, None, length=n)
    return xs
