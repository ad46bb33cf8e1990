import jax.numpy as jnp
from power import power_iteration

def test_dominant():
    v = power_iteration(jnp.array([[2.0, 0.0], [0.0, 1.0]]), jnp.array([1.0, 1.0]), 30)
    assert abs(float(v[0]) - 1.0) < 1e-4
