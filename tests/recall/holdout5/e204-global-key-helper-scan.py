# case: e204-global-key-helper-scan
# source: https://github.com/jcmgray/autoray/issues/27
# kind: mistake
# rules: SCN204
# jax: symptom bool(jnp.all(samples[0] == samples[1]))
# note: a backend-agnostic `random_normal` helper that advances a module-level global key
#   (`global _JAX_KEY`) is called from a lax.scan body; the rebinding runs once at trace
#   time, so every step sees one key. The issue hit this through autoray's global key
#   under jax.jit rather than a scan.

import jax
import jax.numpy as jnp

_JAX_KEY = None


def jax_random_seed(seed=None):
    global _JAX_KEY
    _JAX_KEY = jax.random.PRNGKey(0 if seed is None else seed)


def jax_random_get_key():
    global _JAX_KEY
    if _JAX_KEY is None:
        jax_random_seed()
    _JAX_KEY, subkey = jax.random.split(_JAX_KEY)
    return subkey


def random_normal(loc=0.0, scale=1.0, size=()):
    return loc + scale * jax.random.normal(jax_random_get_key(), size)


def noisy_step(state, _):
    noise = random_normal(scale=0.01, size=state.shape)
    return state + noise, noise


jax_random_seed(42)
final, samples = jax.lax.scan(noisy_step, jnp.zeros(5), None, length=10)
print(samples[:3])
