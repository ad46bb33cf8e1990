"""Per-example gradient clipping for DP-style training."""
import jax
import jax.numpy as jnp
from jax import lax


def clip_one(g, max_norm):
    n = jnp.linalg.norm(g)
    return lax.cond(n > max_norm, lambda g: g * (max_norm / n), lambda g: g, g)


@jax.jit
def clip_batch(gs, max_norm):
    return jax.vmap(clip_one, in_axes=(0, None))(gs, max_norm)
