import jax.numpy as jnp
from pkg.core import leaky_double


def test_ld():
    assert leaky_double(jnp.array([1.0, -1.0])).tolist() == [2.0, -1.0]
