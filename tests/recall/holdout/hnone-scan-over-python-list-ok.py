# case: hnone-scan-over-python-list-ok
# source: https://github.com/jax-ml/jax/issues/744
# kind: lookalike
# rules: none
# jax: runs
# pair: hnone-scan-over-python-list

import jax.numpy as jnp
from jax import lax

def cumulative(values):
    return lax.scan(lambda c, v: (c + v, c + v), 0.0, jnp.asarray(values))

out = cumulative([1.0, 2.0, 3.0])
