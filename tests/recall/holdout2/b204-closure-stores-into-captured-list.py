# case: b204-closure-stores-into-captured-list
# source: https://github.com/jax-ml/jax/issues/12773
# kind: mistake
# rules: SCN204
# jax: symptom not bool(jnp.allclose(ys, jnp.cumsum(jnp.arange(1.0, 5.0))))
# note: thread: a jitted closure does `tot[0] += x`; here a body made by a factory stores into a
#   list it captured, expecting a running total

import jax
import jax.numpy as jnp

def make_counter(total):
    def increment(c, x):
        total[0] += x
        return c + x, total[0]
    return increment

running = [0.0]
step = make_counter(running)
final, ys = jax.lax.scan(step, 0.0, jnp.arange(1.0, 5.0))
