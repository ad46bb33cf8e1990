import jax
import jax.numpy as jnp

SEEN = []

@jax.jit
def step(x):
    jax.debug.callback(lambda v: SEEN.append(float(v)), x.mean())
    return x * 2

x = jnp.ones(3)
