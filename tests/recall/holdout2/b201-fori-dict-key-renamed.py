# case: b201-fori-dict-key-renamed
# source: https://github.com/jax-ml/jax/issues/25507
# kind: mistake
# rules: SCN201
# jax: raises carry input and carry output must have the same pytree structure
# note: fori_loop over a dict carry; the body returns the key in another case ('T' for 't')

import jax
import jax.numpy as jnp

def relax(loop_i, state):
    return {'T': state['t'] * 0.5}

init_val = {'t': jnp.array([1.0])}
out = jax.lax.fori_loop(0, 3, relax, init_val)
