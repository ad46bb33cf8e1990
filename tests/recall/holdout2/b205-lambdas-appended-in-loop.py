# case: b205-lambdas-appended-in-loop
# source: https://kiwix.lema.org/stackoverflow.com_en_all_2023-11/questions/19622805/lexical-scope-in-python-vs-ml
# kind: mistake
# rules: SCN205
# jax: symptom len({float(t) for t in totals}) == 1
# note: Stack Overflow 19622805's `adders.append(lambda y: x + y)` as scan bodies built at module
#   level and scanned after the loop

import jax
import jax.numpy as jnp

xs = jnp.arange(1.0, 4.0)
adders = []
for k in range(3):
    adders.append(lambda c, x: (c + k * x, c))
totals = [jax.lax.scan(f, 0.0, xs)[0] for f in adders]
