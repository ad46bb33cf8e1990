import jax.numpy as jnp
from pkg.core import gram


def test_gram():
    g = gram(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
    assert jnp.allclose(g, jnp.array([[5.0, 11.0], [11.0, 25.0]]))
