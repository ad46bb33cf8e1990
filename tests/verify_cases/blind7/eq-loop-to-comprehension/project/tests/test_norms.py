import jax.numpy as jnp
from norms import layer_norms

def test_norms():
    assert layer_norms({"a": jnp.array([3.0, 4.0]), "b": jnp.zeros(2)}) == [5.0, 0.0]
