import jax.numpy as jnp
import pytest
from euler import integrate


def test_warns_on_large_dt():
    with pytest.warns(UserWarning, match="large"):
        x = integrate(jnp.float32(1.0), 0.8, 3)
    assert abs(float(x) - 0.2 ** 3) < 1e-6
