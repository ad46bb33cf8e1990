# case: c206-gather-counter-past-index-list
# source: https://github.com/jax-ml/jax/pull/13002
# kind: mistake
# rules: SCN206
# jax: symptom rows.shape[0] != 3 or bool(jnp.all(rows[-1] == rows[-2]))
# note: the whole carry is the counter (`i = carry`), indexing an index list shorter than the loop:
#   the clamped index repeats the last row silently

import jax
import jax.numpy as jnp

def gather(table, idxs, n):
    def body(carry, _):
        i = carry
        row = table[idxs[i]]
        return i + 1, row
    _, rows = jax.lax.scan(body, 0, None, length=n)
    return rows

table = jnp.arange(12.0).reshape(6, 2)
rows = gather(table, jnp.array([0, 2, 5]), 5)
