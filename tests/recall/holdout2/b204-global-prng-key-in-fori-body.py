# case: b204-global-prng-key-in-fori-body
# source: https://github.com/jax-ml/jax/issues/5206
# kind: mistake
# rules: SCN204
# jax: symptom type(key).__name__.endswith('Tracer')
# note: thread: a global PRNG key split under jit; here a fori_loop body rebinds the `global` key,
#   which is left holding a leaked tracer

import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)

def noisy_step(i, x):
    global key
    key, sub = jax.random.split(key)
    return x + jax.random.uniform(sub)

out = jax.lax.fori_loop(0, 4, noisy_step, 0.0)
