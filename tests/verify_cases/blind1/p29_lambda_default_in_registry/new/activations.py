"""Activation registry used by config-driven models."""
import jax.numpy as jnp

ACTIVATIONS = {
    "relu": lambda x: jnp.maximum(x, 0.0),
    "leaky_relu": lambda x, slope=0.02: jnp.where(x > 0, x, slope * x),
    "elu": lambda x, alpha=1.0: jnp.where(x > 0, x, alpha * jnp.expm1(x)),
}


def activate(name, x, **kw):
    return ACTIVATIONS[name](x, **kw)


def mlp_layer(w, b, x, act="relu", **kw):
    return activate(act, x @ w + b, **kw)


def available():
    return sorted(ACTIVATIONS)
