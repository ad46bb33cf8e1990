import jax.numpy as jnp
import grids


def test_nodes():
    n = grids.CHEB_NODES
    assert n.shape == (16,)
    assert float(jnp.abs(n).max()) <= 1.0
    assert bool(jnp.all(jnp.diff(n) < 0))


def test_interpolates_polynomial():
    n = grids.CHEB_NODES
    x = jnp.linspace(-0.9, 0.9, 7)
    y = grids.interpolate(n, n ** 3, x)
    assert jnp.allclose(y, x ** 3, atol=1e-3)
