import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def linear_rollout(a, b, x0):
    def body(x, _):
        x = a @ x + b
        return x, x
    _, xs = lax.scan(body, x0, None, length=4)
    return xs
