# case: h206-counter-in-namedtuple-lambda-ok
# source: https://github.com/jax-ml/jax/issues/1361
# kind: lookalike
# rules: SCN206
# jax: symptom bool(used[-1] == used[-2])
# pair: h206-counter-in-namedtuple-lambda

from typing import NamedTuple
import jax
import jax.numpy as jnp

def weighted(w):
    step = lambda total, w_k: (total + w_k, w_k)
    return jax.lax.scan(step, jnp.float32(0.0), w)

(final, used) = weighted(jnp.array([1.0, 10.0, 100.0]))
