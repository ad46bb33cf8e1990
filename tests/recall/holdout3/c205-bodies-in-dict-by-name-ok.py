# case: c205-bodies-in-dict-by-name-ok
# source: https://github.com/tensorflow/probability/issues/1378
# kind: lookalike
# rules: SCN205
# jax: symptom float(ends['b0']) == float(ends['b2'])
# pair: c205-bodies-in-dict-by-name

import jax
import jax.numpy as jnp

xs = jnp.ones(4)
models = {}
for i in range(3):
    def grow(c, x, i=i):
        return c + (i + 1) * x, c
    models["b" + str(i)] = grow

ends = {name: jax.lax.scan(f, 0.0, xs)[0] for name, f in models.items()}
