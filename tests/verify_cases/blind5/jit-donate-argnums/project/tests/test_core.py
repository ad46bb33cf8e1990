import jax.numpy as jnp
from pkg.core import step


def test_step():
    y = step(jnp.array([1.0, -1.0]), 0.1)
    assert y.shape == (2,) and y[0] < 1.0
