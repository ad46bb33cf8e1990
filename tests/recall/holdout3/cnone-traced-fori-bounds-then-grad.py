# case: cnone-traced-fori-bounds-then-grad
# source: https://github.com/jax-ml/jax/issues/30245
# kind: mistake
# rules: none
# jax: raises Reverse-mode differentiation does not work for lax.while_loop
# note: jitting the loop's function traces its trip count, so fori_loop becomes a while_loop (the
#   thread: slower after jit); reverse-mode then fails

import jax
import jax.numpy as jnp

def body_fn(step_i, x):
    return x * 0.99 + step_i

def run_loop(x, n):
    return jax.lax.fori_loop(0, n, body_fn, x)

run_loop_jit = jax.jit(run_loop)
g = jax.grad(run_loop_jit)(1.0, 100)
