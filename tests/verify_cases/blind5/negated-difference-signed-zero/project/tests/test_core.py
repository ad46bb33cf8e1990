import jax.numpy as jnp
from pkg.core import residual


def test_residual():
    r = residual(jnp.array([1.0, 2.0]), jnp.array([1.0, 3.0]))
    assert jnp.allclose(r, jnp.array([0.0, 1.0]))
