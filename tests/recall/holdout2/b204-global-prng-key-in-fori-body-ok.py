# case: b204-global-prng-key-in-fori-body-ok
# source: https://github.com/jax-ml/jax/issues/5206
# kind: lookalike
# rules: SCN204
# jax: symptom type(key).__name__.endswith('Tracer')
# pair: b204-global-prng-key-in-fori-body

import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)

def noisy_step(i, carry):
    x, k = carry
    k, sub = jax.random.split(k)
    return x + jax.random.uniform(sub), k

out, key = jax.lax.fori_loop(0, 4, noisy_step, (0.0, key))
