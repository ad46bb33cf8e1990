from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp
from jax import lax


def _rollout(key, n):
    keys = jax.random.split(key, n)
    return lax.scan(lambda c, k: (c + jax.random.uniform(k), c), jnp.float32(0.0), keys)[0]


def run_many(seeds, n):
    def worker(seed):
        out = _rollout(jax.random.key(seed), n)
        print(f"finished seed {seed}")
        return out

    with ThreadPoolExecutor(max_workers=1) as ex:
        results = list(ex.map(worker, seeds))
    return jnp.stack(results)
