import jax.numpy as jnp
from pkg.core import accumulate


def test_total():
    assert accumulate(jnp.array([1.0, 2.0, 3.0]), lambda v: None) == 6.0
