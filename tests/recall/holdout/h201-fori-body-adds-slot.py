# case: h201-fori-body-adds-slot
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: a fori_loop body returns three slots for a two-slot init

from jax import lax
import jax.numpy as jnp

def damped(x0, v0):
    def body(i, state):
        x, v = state
        acc = -0.5 * x - 0.1 * v
        return x + 0.1 * v, v + 0.1 * acc, acc
    return lax.fori_loop(0, 5, body, (x0, v0))

out = damped(jnp.float32(1.0), jnp.float32(0.0))
