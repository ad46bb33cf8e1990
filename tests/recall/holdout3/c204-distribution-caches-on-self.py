# case: c204-distribution-caches-on-self
# source: https://github.com/google-deepmind/distrax/issues/64
# kind: mistake
# rules: SCN204
# jax: symptom type(getattr(dist, '_last_loc', None)).__name__.endswith('Tracer')
# note: a module-level distribution object whose method stores the loc on `self` is called from the
#   body: the attribute assignment is inside a method of the object, not in the body itself; it
#   keeps a leaked tracer

import jax
import jax.numpy as jnp

class Gaussian:
    def __init__(self, scale):
        self.scale = scale
        self._last_loc = None

    def log_prob(self, loc, x):
        self._last_loc = loc
        return -0.5 * ((x - loc) / self.scale) ** 2

dist = Gaussian(1.0)

def filter_step(loc, obs):
    lp = dist.log_prob(loc, obs)
    return 0.8 * loc + 0.2 * obs, lp

loc, lps = jax.lax.scan(filter_step, 0.0, jnp.arange(4.0))
