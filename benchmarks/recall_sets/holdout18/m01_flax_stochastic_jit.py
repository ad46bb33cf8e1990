# expect: bug
# source: https://github.com/google/flax/issues/112
# mistake: nn.make_rng() reads the Python-level nn.stochastic context while jax.jit traces rnd(), so the key it returns is baked into the compiled function as a constant and every iteration of the sampling loop gets exactly the same "random" integers.
import contextlib

import jax
import jax.numpy as jnp

# --- minimal rebuild of the old flax.nn stochastic context (flax.nn.base) ---
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


class nn:  # namespace shim so the code reads like the thread
    stochastic = staticmethod(stochastic)
    make_rng = staticmethod(make_rng)


@jax.jit
def rnd():
    return (jax.random.randint(nn.make_rng(), (5,), 0, 10),
            jax.random.randint(nn.make_rng(), (5,), 0, 10))


def main():
    outs = []
    with nn.stochastic(jax.random.PRNGKey(0)):
        for _ in range(5):
            a, b = rnd()
            outs.append(a.tolist())
            print(a.tolist(), b.tolist())
    print("all five draws identical:", all(o == outs[0] for o in outs))
