"""A NumPy ring buffer fed from jitted rollouts."""
import functools

import numpy as np
import jax
import jax.numpy as jnp


def make_buffer(capacity, dim):
    return np.zeros((capacity, dim), dtype=np.float32)


def add(buf, idx, batch):
    """Write `batch` rows into `buf` (in place) from row `idx`; return the next row."""
    n = batch.shape[0]
    rows = (idx + np.arange(n)) % buf.shape[0]
    buf[rows] = np.asarray(batch)
    return int((idx + n) % buf.shape[0])


@functools.partial(jax.jit, static_argnums=1)
def rollout_obs(key, n):
    def step(x, k):
        x = 0.9 * x + 0.1 * jax.random.normal(k, x.shape)
        return x, x
    _, xs = jax.lax.scan(step, jnp.zeros(3), jax.random.split(key, n))
    return xs
