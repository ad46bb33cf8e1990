# expect: bug
# source: https://github.com/google/torchax/issues/17
# mistake: torch.rand under torchax draws its JAX key from a host-side generator (torch.randint) at trace time, so inside a jax_jit-compiled function the key is burned into the compiled graph and every call in the loop returns the same "random" tensor.
import jax
import jax.numpy as jnp
import numpy as np


class Environment:
    """Rebuild of torchax's env: random ops take a key from the host generator."""

    def __init__(self, seed=0):
        self._host_gen = np.random.default_rng(seed)  # stands in for torch's global generator

    def get_and_rotate_prng_key(self):
        # torchax: seed = torch.randint(...); return jax.random.key(seed)
        return jax.random.PRNGKey(int(self._host_gen.integers(0, 2**31 - 1)))


env = Environment()


def rand(shape):
    # torch.rand((2, 2), device='jax')
    return jax.random.uniform(env.get_and_rotate_prng_key(), shape)


def jax_jit(fn):
    return jax.jit(fn)


@jax_jit
def rand_plus_one():
    return rand((2, 2)) + 1


def main():
    outs = [np.asarray(rand_plus_one()) for _ in range(3)]
    for o in outs:
        print(np.round(o, 4).tolist())
    print("identical across calls:", all(np.allclose(o, outs[0]) for o in outs))
