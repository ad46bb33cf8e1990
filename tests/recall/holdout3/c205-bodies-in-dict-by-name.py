# case: c205-bodies-in-dict-by-name
# source: https://github.com/tensorflow/probability/issues/1378
# kind: mistake
# rules: SCN205
# jax: symptom float(ends['b0']) == float(ends['b2'])
# note: thread: TFP lambdas stored in a dict inside a loop over i all see the last i; here scan
#   bodies stored in a dict under built-up names, scanned afterwards from .items()

import jax
import jax.numpy as jnp

xs = jnp.ones(4)
models = {}
for i in range(3):
    def grow(c, x):
        return c + (i + 1) * x, c
    models["b" + str(i)] = grow

ends = {name: jax.lax.scan(f, 0.0, xs)[0] for name, f in models.items()}
