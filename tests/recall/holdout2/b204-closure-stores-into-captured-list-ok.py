# case: b204-closure-stores-into-captured-list-ok
# source: https://github.com/jax-ml/jax/issues/12773
# kind: lookalike
# rules: SCN204
# jax: symptom not bool(jnp.allclose(ys, jnp.cumsum(jnp.arange(1.0, 5.0))))
# pair: b204-closure-stores-into-captured-list

import jax
import jax.numpy as jnp

def make_counter():
    def increment(c, x):
        c = c + x
        return c, c
    return increment

step = make_counter()
final, ys = jax.lax.scan(step, 0.0, jnp.arange(1.0, 5.0))
