import jax.numpy as jnp

def reduce(x, mode):
    def total(v): return v.sum() * 2.0
    def average(v): return v.mean()
    return total(x) if mode == "sum" else average(x)

x = jnp.arange(4.0)
