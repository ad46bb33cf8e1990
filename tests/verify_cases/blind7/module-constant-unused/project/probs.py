import jax.numpy as jnp

LOG_EPS = 1e-12


def safe_log(p):
    return jnp.log(jnp.maximum(p, LOG_EPS))


def entropy(logits):
    logp = logits - jnp.log(jnp.sum(jnp.exp(logits), -1, keepdims=True))
    return -jnp.sum(jnp.exp(logp) * logp, -1)
