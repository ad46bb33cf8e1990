import jax
import jax.numpy as jnp
from jax import lax


def make_key(seed):
    return jax.random.key(seed)


def sample_path(key, n):
    def step(c, k):
        x = c + jax.random.normal(k)
        return x, x

    keys = jax.random.split(key, n)
    _, xs = lax.scan(step, jnp.float32(0.0), keys)
    return xs
