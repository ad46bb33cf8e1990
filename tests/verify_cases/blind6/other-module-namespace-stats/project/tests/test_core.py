import jax.numpy as jnp
from pkg.core import solve


def test_solve_shape():
    x = solve(jnp.array([[4.0, 1.0], [1.0, 3.0]]), jnp.array([1.0, 2.0]))
    assert x.shape == (2,)
