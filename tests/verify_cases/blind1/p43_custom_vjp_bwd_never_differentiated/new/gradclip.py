"""Gradient-clipping identity for stabilising training."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x, lo, hi):
    return x


def _fwd(x, lo, hi):
    return x, (lo, hi)


def _bwd(res, g):
    lo, hi = res
    return jnp.clip(g, -hi, hi), None, None


clip_gradient.defvjp(_fwd, _bwd)


def layer(w, x, lo=-1.0, hi=1.0):
    return clip_gradient(jnp.tanh(x @ w), lo, hi)
