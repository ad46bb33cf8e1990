# case: h203-lambda-returns-carry-ok
# source: https://github.com/jax-ml/jax/issues/598
# kind: lookalike
# rules: SCN203
# jax: runs
# pair: h203-lambda-returns-carry

import jax.numpy as jnp
from jax import lax

halved = lax.scan(lambda a, _: (a * 0.5, a), jnp.ones(3), jnp.arange(4))
