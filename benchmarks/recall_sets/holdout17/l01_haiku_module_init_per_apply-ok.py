# expect: none
# source: https://github.com/google-deepmind/dm-haiku/issues/63
# mistake: the hyperparameter is decided once outside the transformed function and passed to the module's constructor, so although the module is rebuilt on every apply in the loop it is rebuilt with the same configuration.
import random

import jax
import jax.numpy as jnp

INIT_CALLS = {"n": 0}


class MyModule:
    def __init__(self, scale):
        INIT_CALLS["n"] += 1
        self.scale = scale

    def __call__(self, params, x):
        return x * self.scale + params["b"]


class Transformed:
    def __init__(self, f):
        self.f = f

    def init(self, rng, x):
        return {"b": jnp.zeros(())}

    def apply(self, params, x):
        return self.f(params, x)


def main():
    random.seed(0)
    config = {"scale": random.choice([0.5, 1.0, 2.0])}

    def forward(params, x):
        return MyModule(config["scale"])(params, x)

    fwd = Transformed(forward)
    params = fwd.init(jax.random.PRNGKey(420), 1.0)
    x = jnp.array(1.0)
    scales = []
    for _ in range(10):
        x = fwd.apply(params, x)
        scales.append(x)
    print("ratio of successive outputs (the scale used each step):",
          [round(float(b / a), 2) for a, b in zip(scales[:-1], scales[1:])])
