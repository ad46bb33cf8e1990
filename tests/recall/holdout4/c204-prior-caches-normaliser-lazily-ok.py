# case: c204-prior-caches-normaliser-lazily-ok
# source: https://github.com/pyro-ppl/numpyro/issues/1651
# kind: lookalike
# rules: SCN204
# jax: symptom isinstance(prior._log_z, jax.core.Tracer)
# pair: c204-prior-caches-normaliser-lazily

import jax
import jax.numpy as jnp
from jax.scipy.special import ndtr


class TruncatedNormal:
    def __init__(self, loc, scale, low):
        self.loc = loc
        self.scale = scale
        self.low = low
        self._log_z = jnp.log1p(-ndtr((low - loc) / scale))

    def log_z(self):
        return self._log_z

    def log_prob(self, x):
        z = (x - self.loc) / self.scale
        return -0.5 * z ** 2 - jnp.log(self.scale) - self.log_z()


prior = TruncatedNormal(0.0, 1.0, -1.0)


def accumulate(total, x):
    lp = prior.log_prob(x)
    return total + lp, lp


total, lps = jax.lax.scan(accumulate, 0.0, jnp.linspace(0.0, 1.0, 5))
