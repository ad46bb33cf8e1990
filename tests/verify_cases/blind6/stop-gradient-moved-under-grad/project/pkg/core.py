import jax
import jax.numpy as jnp
from jax import lax


def td_loss(w, s, s2, r):
    v = jnp.dot(w, s)
    target = r + 0.9 * jnp.dot(w, s2)
    return (lax.stop_gradient(target) - v) ** 2
