# case: scn201-dict-in-tuple-gains-key-ok
# source: https://github.com/jax-ml/jax/pull/15178
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: scn201-dict-in-tuple-gains-key

import jax
import jax.numpy as jnp
from jax import lax
def step(carry, _):
    left, right = carry
    merged = {'a': left['a'] + right['a']}
    return (merged, merged), None
init = ({'a': jnp.array(0, 'int32')}, {'a': jnp.array(1, 'int32')})
out = lax.scan(step, init, None, length=2)
