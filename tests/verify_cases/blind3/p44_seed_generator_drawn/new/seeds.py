import itertools

import jax
import jax.numpy as jnp
from jax import lax

_seeds = (1000 + 17 * i for i in itertools.count())


def sample_run(n, seed=None):
    drawn = next(_seeds)
    seed = drawn if seed is None else seed
    keys = jax.random.split(jax.random.key(seed), n)
    return lax.scan(lambda c, k: (c + jax.random.uniform(k), c), jnp.float32(0.0), keys)[0]
