import jax.numpy as jnp
from acts import activation

def test_relu():
    assert activation(0, jnp.array([-1.0, 2.0])).tolist() == [0.0, 2.0]
