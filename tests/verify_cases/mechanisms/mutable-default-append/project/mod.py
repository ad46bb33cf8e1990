import jax.numpy as jnp

def track(x, history=[]):
    history.append(float(x.max()))
    return x + 1

x = jnp.arange(3.0)
