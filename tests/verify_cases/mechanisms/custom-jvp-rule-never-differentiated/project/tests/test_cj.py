import jax.numpy as jnp

from cj.core import soft


def test_soft():
    assert soft(jnp.zeros(3)).shape == (3,)
