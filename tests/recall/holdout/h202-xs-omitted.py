# case: h202-xs-omitted
# source: https://github.com/jax-ml/jax/issues/20855
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over
# note: xs omitted (jax made it default to None) and no length=

from jax import lax

def geometric(r):
    return lax.scan(lambda c, _: (c * r, c), 1.0)

out = geometric(0.5)
