import jax.numpy as jnp

def report(x):
    print("norm", float(jnp.abs(x).sum()))
    return x / 2

x = jnp.arange(3.0)
