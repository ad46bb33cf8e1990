# case: h205-while-conds-at-module-level
# source: https://github.com/flagos-ai/FlagQuantum/pull/61
# kind: mistake
# rules: SCN205
# jax: symptom len(set(results)) == 1
# note: variant: while_loop conditions built in a module-level loop

from jax import lax

conds = []
for limit in (2.0, 4.0, 8.0):
    conds.append(lambda v: v < limit)

results = [float(lax.while_loop(c, lambda v: v * 2.0, 1.0)) for c in conds]
