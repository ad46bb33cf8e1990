"""Numerically safe log for entropies."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-30))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), t / jnp.maximum(x, 1e-12)


@jax.jit
def entropy(p):
    return -jnp.sum(p * safe_log(p), axis=-1)
