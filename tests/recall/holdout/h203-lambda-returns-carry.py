# case: h203-lambda-returns-carry
# source: https://github.com/jax-ml/jax/issues/598
# kind: mistake
# rules: SCN203
# jax: raises scan body output must be a pair
# note: a lambda body returns only the carry

import jax.numpy as jnp
from jax import lax

halved = lax.scan(lambda a, _: a * 0.5, jnp.ones(3), jnp.arange(4))
