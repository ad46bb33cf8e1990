import numpy as np
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def _score(c):
    def step(acc, row):
        return acc + jnp.dot(row, row), None

    total, _ = lax.scan(step, jnp.float32(0.0), c)
    return total


def center_and_score(batch):
    batch = np.asarray(batch, dtype=np.float32)
    mu = batch.mean(axis=0)
    batch -= mu
    centered = batch
    return _score(jnp.asarray(centered))
