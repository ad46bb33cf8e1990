# case: b207-module-table-goes-stale-ok
# source: https://github.com/jax-ml/jax/issues/10585
# kind: lookalike
# rules: SCN207
# jax: symptom float(after) == float(before)
# pair: b207-module-table-goes-stale

import jax
import jax.numpy as jnp
from jax import lax

TABLE = jnp.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_sum(table, idx):
    def body(acc, i):
        return acc + table[i], None
    total, _ = lax.scan(body, 0.0, idx)
    return total

idx = jnp.array([0, 2047])
before = lookup_sum(TABLE, idx)
TABLE = TABLE * 10.0
after = lookup_sum(TABLE, idx)
