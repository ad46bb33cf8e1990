# case: c208-float16-carry-mixed-with-float32-xs
# source: https://github.com/jax-ml/jax/pull/9046
# kind: mistake
# rules: SCN208
# jax: raises carry input and carry output must have equal types
# note: the PR's list carry built by a comprehension; here the init is float16 arrays (not weak
#   Python floats) and xs float32, so the first slot is promoted

import jax
import jax.numpy as jnp

N = 3

def func(carry, x):
    new_carry = [carry[0] + x] + [a + b for a, b in zip(carry[1:], carry[:-1])]
    return new_carry, None

init = [jnp.zeros((), jnp.float16)] * N
carry, _ = jax.lax.scan(func, init, jnp.ones(5, jnp.float32))
