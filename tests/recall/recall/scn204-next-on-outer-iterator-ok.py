# case: scn204-next-on-outer-iterator-ok
# source: https://github.com/jax-ml/jax/issues/3567
# kind: lookalike
# rules: SCN204
# jax: symptom float(total) != 30.0
# pair: scn204-next-on-outer-iterator

import jax
import jax.numpy as jnp
from jax import lax
def train(data):
    def body(i, total):
        batch = data[i]
        return total + batch.sum()
    return lax.fori_loop(0, 5, body, 0.0)
total = train(jnp.stack([jnp.full(3, float(k)) for k in range(5)]))
