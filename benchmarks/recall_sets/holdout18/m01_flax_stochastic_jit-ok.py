# expect: none
# source: https://github.com/google/flax/issues/112
# mistake: the rng is passed into the jitted rnd() as an argument and the nn.stochastic context is opened inside the traced function, so each loop iteration feeds a fresh key from the outer context and draws differ.
import contextlib

import jax
import jax.numpy as jnp

_rng_stack = []


@contextlib.contextmanager
def stochastic(rng):
    _rng_stack.append(rng)
    try:
        yield
    finally:
        _rng_stack.pop()


def make_rng():
    if not _rng_stack:
        raise ValueError("make_rng must be called inside nn.stochastic")
    key = _rng_stack[-1]
    key, subkey = jax.random.split(key)
    _rng_stack[-1] = key
    return subkey


class nn:
    stochastic = staticmethod(stochastic)
    make_rng = staticmethod(make_rng)


@jax.jit
def rnd(rng):
    with nn.stochastic(rng):
        return (jax.random.randint(nn.make_rng(), (5,), 0, 10),
                jax.random.randint(nn.make_rng(), (5,), 0, 10))


def main():
    outs = []
    with nn.stochastic(jax.random.PRNGKey(0)):
        for _ in range(5):
            a, b = rnd(nn.make_rng())
            outs.append(a.tolist())
            print(a.tolist(), b.tolist())
    print("all five draws identical:", all(o == outs[0] for o in outs))
