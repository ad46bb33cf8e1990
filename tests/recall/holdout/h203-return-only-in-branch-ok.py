# case: h203-return-only-in-branch-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: h203-return-only-in-branch

import jax
import jax.numpy as jnp

def walk(xs, normalize):
    def step(c, x):
        c = c + x
        if normalize:
            c = c / jnp.linalg.norm(c)
        return c, c
    return jax.lax.scan(step, jnp.ones(2), xs)

out = walk(jnp.ones((3, 2)), False)
