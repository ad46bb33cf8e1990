import jax
import jax.numpy as jnp


@jax.jit
def mse(pred, target):
    d = pred - target
    return jnp.atleast_1d(jnp.mean(d * d))
