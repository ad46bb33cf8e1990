# case: h208-scalar-init-row-xs
# source: https://github.com/jax-ml/jax/issues/17629
# kind: mistake
# rules: SCN208
# jax: raises must have equal types
# note: variant: a scalar init broadcast to the row shape of xs (a module-level array of visible
#   shape), a lambda body at module level

import jax
import jax.numpy as jnp

rows = jnp.ones((4, 3))
sums = jax.lax.scan(lambda s, row: (s + row, s), 0.0, rows)
