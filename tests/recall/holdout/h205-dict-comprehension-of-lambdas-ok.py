# case: h205-dict-comprehension-of-lambdas-ok
# source: https://github.com/flagos-ai/FlagQuantum/pull/61
# kind: lookalike
# rules: SCN205
# jax: symptom float(out['slow']) == float(out['fast'])
# pair: h205-dict-comprehension-of-lambdas

import jax.numpy as jnp
from jax import lax

def decays(xs, rates):
    steps = {name: (lambda c, x, r=r: (c * r + x, c)) for name, r in rates.items()}
    return {name: lax.scan(f, 0.0, xs)[0] for name, f in steps.items()}

out = decays(jnp.ones(3), {'slow': 0.2, 'fast': 0.9})
