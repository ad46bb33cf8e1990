# case: c206-gather-counter-past-index-list-ok
# source: https://github.com/jax-ml/jax/pull/13002
# kind: lookalike
# rules: SCN206
# jax: symptom rows.shape[0] != 3 or bool(jnp.all(rows[-1] == rows[-2]))
# pair: c206-gather-counter-past-index-list

import jax
import jax.numpy as jnp

def gather(table, idxs, n):
    def body(carry, idx):
        return carry, table[idx]
    _, rows = jax.lax.scan(body, 0, idxs[:n])
    return rows

table = jnp.arange(12.0).reshape(6, 2)
rows = gather(table, jnp.array([0, 2, 5]), 5)
