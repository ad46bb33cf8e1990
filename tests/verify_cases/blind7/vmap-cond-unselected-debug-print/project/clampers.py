import jax
import jax.numpy as jnp
from jax import lax


def _fallback(v):
    jax.debug.print("clamping {v}", v=v)
    return jnp.clip(v, -1.0, 1.0)


def soft_clamp(xs):
    one = lambda x: lax.cond(jnp.abs(x) < 1.0, lambda v: v, _fallback, x)
    return jax.vmap(one)(xs)
