"""A layer whose backward pass clips the incoming gradient (custom_vjp)."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, lo, hi):
    return x


def _clip_fwd(x, lo, hi):
    return x, (lo, hi)


def _clip_bwd(res, g):
    lo, hi = res
    return (jnp.clip(g, lo, hi), None, None)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def layer(w, x, bound=1.0):
    h = jnp.tanh(x @ w)
    return clip_gradient(h, -bound, bound)


def loss(w, x, y, bound=1.0):
    return jnp.mean((layer(w, x, bound) - y) ** 2)
