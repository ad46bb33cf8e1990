import jax
import jax.numpy as jnp


@jax.jit
def mse(pred, target):
    d = pred - target
    return jnp.mean(d * d)
