# case: b207-module-table-goes-stale
# source: https://github.com/jax-ml/jax/issues/10585
# kind: mistake
# rules: SCN207
# jax: symptom float(after) == float(before)
# note: a nested body in a jitted function reads a module-level jnp.linspace table; the table is
#   reassigned and the compiled function keeps the old one

import jax
import jax.numpy as jnp
from jax import lax

TABLE = jnp.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_sum(idx):
    def body(acc, i):
        return acc + TABLE[i], None
    total, _ = lax.scan(body, 0.0, idx)
    return total

idx = jnp.array([0, 2047])
before = lookup_sum(idx)
TABLE = TABLE * 10.0
after = lookup_sum(idx)
