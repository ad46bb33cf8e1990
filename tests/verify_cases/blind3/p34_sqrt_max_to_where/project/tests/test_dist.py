import jax.numpy as jnp
from dist import soft_dist


def test_dist():
    assert float(soft_dist(jnp.array([4.0, 9.0]))) == 5.0
