# case: h202-xs-name-bound-to-none
# source: https://github.com/jax-ml/jax/pull/1800
# kind: mistake
# rules: SCN202
# jax: raises scan got no values to scan over
# note: variant: xs is a name bound to None

from jax import lax

def simulate(k):
    drive = None
    def step(y, u):
        return y * k, y
    return lax.scan(step, 1.0, drive)

out = simulate(0.5)
