import jax.numpy as jnp
import cg


def test_solves_spd():
    A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
    b = jnp.array([1.0, 2.0, 3.0])
    x = cg.cg(A, b)
    assert jnp.allclose(A @ x, b, atol=1e-4)
