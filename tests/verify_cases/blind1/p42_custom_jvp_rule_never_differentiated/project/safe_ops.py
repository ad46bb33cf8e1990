"""Numerically safe elementwise ops with custom derivatives."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-30))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), t / jnp.maximum(x, 1e-6)


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    n = safe_norm(v)
    return n, jnp.sum(v * t) / jnp.maximum(n, 1e-12)


def entropy(p):
    return -jnp.sum(p * safe_log(p))
