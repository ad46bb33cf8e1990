# case: cnone-map-over-tuple-of-namedtuples-ok
# source: https://github.com/jax-ml/jax/issues/1745
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-map-over-tuple-of-namedtuples

import collections
import jax
import jax.numpy as jnp

Point = collections.namedtuple("Point", ["a", "b"])

def norms(points):
    return jax.lax.map(lambda p: jnp.sqrt(p.a ** 2 + p.b ** 2), points)

out = norms(Point(jnp.array([3.0, 6.0]), jnp.array([4.0, 8.0])))
