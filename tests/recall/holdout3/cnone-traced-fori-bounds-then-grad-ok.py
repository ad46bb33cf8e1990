# case: cnone-traced-fori-bounds-then-grad-ok
# source: https://github.com/jax-ml/jax/issues/30245
# kind: lookalike
# rules: none
# jax: runs
# pair: cnone-traced-fori-bounds-then-grad

import jax
import jax.numpy as jnp

def body_fn(step_i, x):
    return x * 0.99 + step_i

def run_loop(x, n):
    return jax.lax.fori_loop(0, n, body_fn, x)

run_loop_jit = jax.jit(run_loop, static_argnums=1)
g = jax.grad(run_loop_jit)(1.0, 100)
