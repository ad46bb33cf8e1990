"""Elman RNN with an optional burn-in prefix."""
import jax
import jax.numpy as jnp
from jax import lax


def init_params(key, n_in, n_h):
    k1, k2 = jax.random.split(key)
    return {"wx": jax.random.normal(k1, (n_in, n_h)) * 0.5,
            "wh": jax.random.normal(k2, (n_h, n_h)) * 0.5,
            "b": jnp.zeros(n_h)}


def cell(p, h, x):
    return jnp.tanh(x @ p["wx"] + h @ p["wh"] + p["b"])


def run(p, xs, burn_in=0):
    h = jnp.zeros(p["b"].shape)
    def warm(h, x):
        return lax.stop_gradient(cell(p, h, x)), None
    h, _ = lax.scan(warm, h, xs[:burn_in])
    def step(h, x):
        h = cell(p, h, x)
        return h, h
    _, hs = lax.scan(step, h, xs[burn_in:])
    return hs
