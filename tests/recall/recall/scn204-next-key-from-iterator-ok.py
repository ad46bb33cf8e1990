# case: scn204-next-key-from-iterator-ok
# source: https://github.com/jax-ml/jax/pull/1133
# kind: lookalike
# rules: SCN204
# jax: symptom len(set(draws.tolist())) == 1
# pair: scn204-next-key-from-iterator

import jax
import jax.numpy as jnp
from jax import lax
def sample(key):
    def step(c, k):
        return c, jax.random.normal(k)
    return lax.scan(step, 0.0, jax.random.split(key, 4))[1]
draws = sample(jax.random.PRNGKey(0))
