# case: h201-while-dict-key-renamed
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: a while_loop dict carry: the body renames a key

import jax
import jax.numpy as jnp

def settle(p):
    def keep_going(s):
        return s['it'] < 4
    def relax(s):
        return {'it': s['it'] + 1, 'pos': s['pos'] * 0.5, 'velocity': s['vel'] * 0.5}
    return jax.lax.while_loop(keep_going, relax, {'it': 0, 'pos': p, 'vel': p})

out = settle(jnp.ones(3))
