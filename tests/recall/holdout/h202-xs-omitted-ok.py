# case: h202-xs-omitted-ok
# source: https://github.com/jax-ml/jax/issues/20855
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: h202-xs-omitted

from jax import lax

def geometric(r):
    return lax.scan(lambda c, _: (c * r, c), 1.0, length=6)

out = geometric(0.5)
