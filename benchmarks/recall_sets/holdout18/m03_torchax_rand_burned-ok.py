# expect: none
# source: https://github.com/google/torchax/issues/17
# mistake: the key is an explicit argument of the jitted function and the loop splits a new one per call, so the random tensor is recomputed from a traced key on every call instead of being baked in.
import jax
import jax.numpy as jnp
import numpy as np


def rand(key, shape):
    return jax.random.uniform(key, shape)


def jax_jit(fn):
    return jax.jit(fn)


@jax_jit
def rand_plus_one(key):
    return rand(key, (2, 2)) + 1


def main():
    key = jax.random.PRNGKey(0)
    outs = []
    for _ in range(3):
        key, sub = jax.random.split(key)
        outs.append(np.asarray(rand_plus_one(sub)))
    for o in outs:
        print(np.round(o, 4).tolist())
    print("identical across calls:", all(np.allclose(o, outs[0]) for o in outs))
