import jax
import jax.numpy as jnp
from jax import lax


def activation(kind, x):
    return lax.switch(kind, [jnp.tanh, jax.nn.relu, lambda v: v / (1.0 + v * v)], x)


def layer(kind, w, x):
    return lax.scan(lambda h, wi: (activation(kind, wi * h), None), x, w)[0]
