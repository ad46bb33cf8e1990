import jax.numpy as jnp
from solver import fixed_point

def test_cos():
    x, info = fixed_point(jnp.cos, jnp.float32(1.0))
    assert info["converged"] and abs(float(x) - 0.739085) < 1e-4
