"""Activation selected at run time by an index."""
import jax
import jax.numpy as jnp
from jax import lax

ACTS = ("relu", "tanh", "gelu", "swish")


def _relu(x):
    return jnp.maximum(x, 0.0)


def _tanh(x):
    return jnp.tanh(x)


def _gelu(x):
    return 0.5 * x * (1.0 + jnp.tanh(0.7978845608 * (x + 0.0447 * x ** 3)))


def _swish(x):
    return x * jax.nn.sigmoid(x)


@jax.jit
def activate(idx, x):
    return lax.switch(idx, [_relu, _tanh, _gelu, _swish], x)
