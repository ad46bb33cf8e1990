import jax.numpy as jnp
from evalmetrics import accuracy

def test_half():
    m = accuracy(jnp.array([[1.0, 0.0], [1.0, 0.0]]), jnp.array([0, 1]))
    assert m["acc"] == 0.5
