# expect: none
# source: https://github.com/fractalyze/zorch/issues/229
# mistake: none; the scan lives in a module-level jitted function with a static length, so repeated eager calls hit the cached executable.
# kind: 1 recompiles
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def _permute(state, _):
    state = state * jnp.uint32(1103515245) + jnp.uint32(12345)
    state = jnp.roll(state, 1) ^ (state >> 3)
    return state, state[0]


@partial(jax.jit, static_argnames=("n",))
def _sample_zone(state, n):
    return lax.scan(_permute, state, None, length=n)


class DuplexTranscript:
    def __init__(self, seed):
        self.state = jnp.full((4,), seed, dtype=jnp.uint32)

    def sample(self, n):
        self.state, out = _sample_zone(self.state, n=n)
        return out


def main():
    t = DuplexTranscript(7)
    for _ in range(6):
        out = t.sample(10)
    print(out[:3], "cache size:", _sample_zone._cache_size())


if __name__ == "__main__":
    main()
