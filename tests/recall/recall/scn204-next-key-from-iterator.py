# case: scn204-next-key-from-iterator
# source: https://github.com/jax-ml/jax/pull/1133
# kind: mistake
# rules: SCN204
# jax: symptom len(set(draws.tolist())) == 1
# note: every step draws with the same key

import jax
import jax.numpy as jnp
from jax import lax
def sample(key):
    keys = iter(jax.random.split(key, 4))
    def step(c, _):
        return c, jax.random.normal(next(keys))
    return lax.scan(step, 0.0, None, length=4)[1]
draws = sample(jax.random.PRNGKey(0))
