import jax.numpy as jnp
from jax import lax

def settle(x, tol):
    def body(state):
        i, v = state
        return i + 1, v * 0.5
    return lax.while_loop(lambda s: s[1].max() > tol, body, (0, x))[1]

x = jnp.ones(3)
