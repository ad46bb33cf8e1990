# case: hnone-scan-over-python-list
# source: https://github.com/jax-ml/jax/issues/744
# kind: mistake
# rules: none
# jax: raises leading axis
# note: xs is a Python list of scalars, not an array

from jax import lax

def cumulative(values):
    return lax.scan(lambda c, v: (c + v, c + v), 0.0, values)

out = cumulative([1.0, 2.0, 3.0])
