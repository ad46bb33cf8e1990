# expect: bug
# source: https://github.com/jax-ml/jax/issues/5013
# mistake: Inside the jitted per-iteration subsample update, the number of indices to draw is `jnp.sum(block_lengths)`, a traced value used as an array shape, which JAX rejects.
# kind: 2 traced control flow
import jax
import jax.numpy as jnp
from jax import random


class BlockSubsampler:
    def __init__(self, m, n_blocks):
        self.m = m
        self.n_blocks = n_blocks

    def sample_u(self, rng_key, block_lengths):
        return random.randint(rng_key, (jnp.sum(block_lengths),), 0, self.m)

    def run(self, rng_key, n_iter):
        update = jax.jit(self._update)
        u = None
        for _ in range(n_iter):
            rng_key, sub = random.split(rng_key)
            u = update(sub)
        return u

    def _update(self, rng_key):
        k1, k2 = random.split(rng_key)
        block_lengths = random.poisson(k1, 3.0, (self.n_blocks,))
        return self.sample_u(k2, block_lengths)


def main():
    sampler = BlockSubsampler(m=50, n_blocks=4)
    print(sampler.run(random.PRNGKey(0), 3))


if __name__ == "__main__":
    main()
