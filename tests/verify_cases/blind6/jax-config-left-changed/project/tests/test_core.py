import jax.numpy as jnp
from pkg.core import precise_matmul


def test_matmul():
    assert precise_matmul(jnp.eye(2), jnp.ones((2, 2))).shape == (2, 2)
