import jax
import jax.numpy as jnp
from jax import lax


def init_layers(sizes, key):
    keys = jax.random.split(key, len(sizes))
    small = [jax.random.normal(k, (s,)) * 0.1 for k, s in zip(keys, sizes) if s <= 64]
    wide = [jnp.full((s,), 0.01) for s in sizes if s > 64]
    return small, wide


def forward(params, x):
    return lax.fori_loop(0, len(params), lambda i, h: jnp.tanh(h), x)
