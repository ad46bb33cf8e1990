# expect: bug
# source: https://github.com/google-deepmind/dm-haiku/issues/63
# mistake: `MyModule.__init__` draws a hyperparameter with Python-side randomness, but the module is constructed inside the transformed `forward`, so `__init__` re-runs on every `fwd.apply` in the loop (it is not a persistent object) and each step silently uses a different hyperparameter.
import random

import jax
import jax.numpy as jnp

INIT_CALLS = {"n": 0}


class MyModule:
    """Stand-in for an hk.Module: constructed inside the transformed function on every call."""

    def __init__(self):
        INIT_CALLS["n"] += 1
        self.scale = random.choice([0.5, 1.0, 2.0])  # hyperparameter pulled at construction time

    def __call__(self, params, x):
        return x * self.scale + params["b"]


def forward(params, x):
    return MyModule()(params, x)


class Transformed:  # mimics hk.transform's (init, apply) pair: apply re-runs `forward`
    def __init__(self, f):
        self.f = f

    def init(self, rng, x):
        return {"b": jnp.zeros(())}

    def apply(self, params, x):
        return self.f(params, x)


def main():
    random.seed(0)
    fwd = Transformed(forward)
    params = fwd.init(jax.random.PRNGKey(420), 1.0)
    x = jnp.array(1.0)
    scales = []
    for _ in range(10):
        x = fwd.apply(params, x)
        scales.append(x)
    print(f"MyModule.__init__ ran {INIT_CALLS['n']} times for 10 apply calls")
    print("ratio of successive outputs (the scale used each step):",
          [round(float(b / a), 2) for a, b in zip(scales[:-1], scales[1:])])
