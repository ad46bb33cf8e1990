import jax.numpy as jnp
from newton import solve_sqrt


def test_sqrt():
    assert abs(float(solve_sqrt(jnp.float32(2.0))) - 2 ** 0.5) < 1e-4
