import jax.numpy as jnp
from quad import gauss_legendre


def test_poly():
    assert abs(float(gauss_legendre(lambda t: t * t, 3)) - 2.0 / 3.0) < 1e-6
