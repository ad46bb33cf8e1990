# case: h208-scalar-init-row-xs-ok
# source: https://github.com/jax-ml/jax/issues/17629
# kind: lookalike
# rules: SCN208
# jax: runs
# pair: h208-scalar-init-row-xs

import jax
import jax.numpy as jnp

rows = jnp.ones((4, 3))
sums = jax.lax.scan(lambda s, row: (s + row, s), jnp.zeros(3), rows)
