# case: h204-print-in-while-cond
# source: https://github.com/jax-ml/jax/pull/17357
# kind: mistake
# rules: SCN204
# jax: symptom printed.count('checking') != 6
# note: variant: the print is in a while_loop condition, not the body

from jax import lax

def cond(s):
    print("checking", s)
    return s < 100

out = lax.while_loop(cond, lambda s: s * 3, 1)
