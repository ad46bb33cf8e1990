import jax.numpy as jnp
from pkg.core import power_iteration


def test_top_eigvec():
    A = jnp.array([[2.0, 0.3], [0.3, 1.0]])
    v = power_iteration(A, jnp.array([1.0, 1.0]))
    w, V = jnp.linalg.eigh(A)
    assert abs(abs(v @ V[:, -1]) - 1.0) < 1e-3
