# case: cnone-fori-bound-overflows-int32
# source: https://github.com/jax-ml/jax/issues/1218
# kind: mistake
# rules: none
# jax: raises overflow
# note: a loop bound past int32 (the thread: silently fewer trips; jax 0.10.2 raises)

from jax import lax

def body_fn(i, val):
    return val + 1

num_iter = 100_000_000_000_000
actual_iter = lax.fori_loop(0, num_iter, body_fn, 0)
