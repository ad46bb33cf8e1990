import jax
import jax.numpy as jnp


def noisy_step(key, x):
    key, sub = jax.random.split(key)
    return key, x + 0.1 * jax.random.normal(sub, x.shape)
