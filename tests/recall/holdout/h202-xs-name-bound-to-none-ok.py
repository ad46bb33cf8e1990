# case: h202-xs-name-bound-to-none-ok
# source: https://github.com/jax-ml/jax/pull/1800
# kind: lookalike
# rules: SCN202
# jax: runs
# pair: h202-xs-name-bound-to-none

from jax import lax

def simulate(k):
    drive = None
    def step(y, u):
        return y * k, y
    return lax.scan(step, 1.0, drive, length=5)

out = simulate(0.5)
