# case: h204-print-in-while-cond-ok
# source: https://github.com/jax-ml/jax/pull/17357
# kind: lookalike
# rules: SCN204
# jax: symptom printed.count('checking') != 6
# pair: h204-print-in-while-cond

import jax
from jax import lax

def cond(s):
    jax.debug.print("checking {}", s)
    return s < 100

out = lax.while_loop(cond, lambda s: s * 3, 1)
jax.effects_barrier()
