import jax
import jax.numpy as jnp


def noisy_step(key, x):
    sub = jax.random.fold_in(key, 7)
    key = jax.random.split(key)[0]
    return key, x + 0.1 * jax.random.normal(sub, x.shape)
