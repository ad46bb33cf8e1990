import jax.numpy as jnp
from grid import Grid


def test_linear():
    g = Grid(0.0, 1.0, 5)
    assert abs(float(g.integrate(lambda x: 2 * x)) - 1.0) < 1e-6
