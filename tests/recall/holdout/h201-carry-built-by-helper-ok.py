# case: h201-carry-built-by-helper-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-carry-built-by-helper

from jax import lax
import jax.numpy as jnp

def pack(mean, m2):
    return mean, m2

def running_stats(xs):
    def update(acc, x):
        mean, m2 = acc
        delta = x - mean
        mean = mean + 0.5 * delta
        return pack(mean, m2 + delta * (x - mean)), mean
    return lax.scan(update, (0.0, 0.0), xs)

out = running_stats(jnp.arange(4.0))
