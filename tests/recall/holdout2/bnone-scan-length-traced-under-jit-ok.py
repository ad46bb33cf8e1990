# case: bnone-scan-length-traced-under-jit-ok
# source: https://github.com/jax-ml/jax/pull/23228
# kind: lookalike
# rules: none
# jax: runs
# pair: bnone-scan-length-traced-under-jit

import jax

def repeat(n, x):
    return jax.lax.scan(lambda c, z: (c, z), x, (), length=n)

out = jax.jit(repeat, static_argnums=0)(3, 1.0)
