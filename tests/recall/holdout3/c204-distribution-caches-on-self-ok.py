# case: c204-distribution-caches-on-self-ok
# source: https://github.com/google-deepmind/distrax/issues/64
# kind: lookalike
# rules: SCN204
# jax: symptom type(getattr(dist, '_last_loc', None)).__name__.endswith('Tracer')
# pair: c204-distribution-caches-on-self

import jax
import jax.numpy as jnp

class Gaussian:
    def __init__(self, scale):
        self.scale = scale

    def log_prob(self, loc, x):
        return -0.5 * ((x - loc) / self.scale) ** 2

dist = Gaussian(1.0)

def filter_step(loc, obs):
    lp = dist.log_prob(loc, obs)
    return 0.8 * loc + 0.2 * obs, lp

loc, lps = jax.lax.scan(filter_step, 0.0, jnp.arange(4.0))
