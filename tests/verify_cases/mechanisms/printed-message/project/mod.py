import jax.numpy as jnp

def report(x):
    print("norm", float(jnp.linalg.norm(x)))
    return x / 2

x = jnp.arange(3.0)
