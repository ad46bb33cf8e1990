import jax
import jax.numpy as jnp
from pkg.core import Layer


def test_layer():
    layer = Layer(jnp.eye(2))
    assert jax.jit(layer)(jnp.ones(2)).shape == (2,)
