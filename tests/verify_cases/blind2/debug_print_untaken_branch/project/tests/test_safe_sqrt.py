import jax.numpy as jnp
import numpy as np

from safe_sqrt import norm2, safe_sqrt


def test_sqrt_values():
    assert np.isclose(float(safe_sqrt(jnp.float32(4.0))), 2.0, atol=1e-5)
    assert np.isclose(float(safe_sqrt(jnp.float32(0.25))), 0.5, atol=1e-5)


def test_norm2():
    assert np.isclose(float(norm2(jnp.array([3.0, 4.0]))), 5.0, atol=1e-4)
