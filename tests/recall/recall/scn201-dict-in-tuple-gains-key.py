# case: scn201-dict-in-tuple-gains-key
# source: https://github.com/jax-ml/jax/pull/15178
# kind: mistake
# rules: SCN201
# jax: raises carry input and carry output must have the same pytree structure
# note: dicts nested in a tuple carry gain a key

import jax
import jax.numpy as jnp
from jax import lax
def step(carry, _):
    left, right = carry
    merged = {'a': left['a'], 'b': right['a']}
    return (merged, merged), None
init = ({'a': jnp.array(0, 'int32')}, {'a': jnp.array(1, 'int32')})
out = lax.scan(step, init, None, length=2)
