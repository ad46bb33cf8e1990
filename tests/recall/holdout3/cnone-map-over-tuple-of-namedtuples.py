# case: cnone-map-over-tuple-of-namedtuples
# source: https://github.com/jax-ml/jax/issues/1745
# kind: mistake
# rules: none
# jax: raises leading axis
# note: lax.map over a tuple of records of Python floats instead of a record of arrays

import collections
import jax
import jax.numpy as jnp

Point = collections.namedtuple("Point", ["a", "b"])

def norms(points):
    return jax.lax.map(lambda p: jnp.sqrt(p.a ** 2 + p.b ** 2), points)

out = norms((Point(3.0, 4.0), Point(6.0, 8.0)))
