import jax.numpy as jnp
from reduce import reduce_loss

def test_mean():
    assert float(reduce_loss(jnp.array([1.0, 3.0]))) == 2.0

def test_sum():
    assert float(reduce_loss(jnp.array([1.0, 3.0]), "sum")) == 4.0
