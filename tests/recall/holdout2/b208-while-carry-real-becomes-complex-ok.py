# case: b208-while-carry-real-becomes-complex-ok
# source: https://github.com/jax-ml/jax/issues/3112
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: b208-while-carry-real-becomes-complex

import jax
import jax.numpy as jnp

def power_iteration(mat, v0, iters=5):
    def cond(state):
        i, v, lam = state
        return i < iters

    def body(state):
        i, v, lam = state
        w = mat @ v
        lam = jnp.vdot(v, w)
        return i + 1, w / jnp.linalg.norm(w), lam

    init = (0, v0, jnp.zeros((), jnp.complex64))
    return jax.lax.while_loop(cond, body, init)

m = jnp.array([[2.0, 1j], [-1j, 3.0]], dtype=jnp.complex64)
out = power_iteration(m, jnp.ones(2, jnp.complex64))
