# case: h201-carry-built-by-helper
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: variant: the new carry is built by a module-level helper

from jax import lax
import jax.numpy as jnp

def pack(mean, m2, count):
    return mean, m2, count

def running_stats(xs):
    def update(acc, x):
        mean, m2 = acc
        delta = x - mean
        mean = mean + 0.5 * delta
        return pack(mean, m2 + delta * (x - mean), 1.0), mean
    return lax.scan(update, (0.0, 0.0), xs)

out = running_stats(jnp.arange(4.0))
