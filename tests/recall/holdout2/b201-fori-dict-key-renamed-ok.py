# case: b201-fori-dict-key-renamed-ok
# source: https://github.com/jax-ml/jax/issues/25507
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: b201-fori-dict-key-renamed

import jax
import jax.numpy as jnp

def relax(loop_i, state):
    return {'t': state['t'] * 0.5}

init_val = {'t': jnp.array([1.0])}
out = jax.lax.fori_loop(0, 3, relax, init_val)
