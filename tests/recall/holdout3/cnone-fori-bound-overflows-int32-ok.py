# case: cnone-fori-bound-overflows-int32-ok
# source: https://github.com/jax-ml/jax/issues/1218
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-fori-bound-overflows-int32

from jax import lax

def body_fn(i, val):
    return val + 1

num_iter = 100_000
actual_iter = lax.fori_loop(0, num_iter, body_fn, 0)
