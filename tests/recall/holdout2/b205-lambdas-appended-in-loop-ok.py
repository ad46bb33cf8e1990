# case: b205-lambdas-appended-in-loop-ok
# source: https://kiwix.lema.org/stackoverflow.com_en_all_2023-11/questions/19622805/lexical-scope-in-python-vs-ml
# kind: lookalike
# rules: SCN205
# jax: symptom len({float(t) for t in totals}) == 1
# pair: b205-lambdas-appended-in-loop

import jax
import jax.numpy as jnp

xs = jnp.arange(1.0, 4.0)
adders = []
for k in range(3):
    adders.append(lambda c, x, k=k: (c + k * x, c))
totals = [jax.lax.scan(f, 0.0, xs)[0] for f in adders]
