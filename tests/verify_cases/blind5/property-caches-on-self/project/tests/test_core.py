import jax.numpy as jnp
from pkg.core import Standardizer


def test_standardize():
    s = Standardizer(1.0, 2.0)
    assert jnp.allclose(s(jnp.array([3.0, 1.0])), jnp.array([1.0, 0.0]))
