import jax.numpy as jnp
from newton import sqrt_newton

def test_already_converged():
    assert float(sqrt_newton(jnp.float32(4.0), jnp.float32(2.0))) == 2.0
