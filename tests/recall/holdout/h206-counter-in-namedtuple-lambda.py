# case: h206-counter-in-namedtuple-lambda
# source: https://github.com/jax-ml/jax/issues/1361
# kind: mistake
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# note: variant: a NamedTuple carry and a lambda body; the last index clamps

from typing import NamedTuple
import jax
import jax.numpy as jnp

class Acc(NamedTuple):
    total: jax.Array
    k: jax.Array

def weighted(w, n):
    step = lambda c, _: (Acc(c.total + w[c.k], c.k + 1), w[c.k])
    return jax.lax.scan(step, Acc(jnp.float32(0.0), jnp.int32(0)), None, length=n)

(final, used) = weighted(jnp.array([1.0, 10.0, 100.0]), 4)
