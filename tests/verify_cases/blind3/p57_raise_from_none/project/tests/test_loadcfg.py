import jax.numpy as jnp
import pytest
from loadcfg import simulate


def test_missing_dt():
    with pytest.raises(ValueError, match="needs 'dt'"):
        simulate(jnp.float32(1.0), {})


def test_ok():
    assert abs(float(simulate(jnp.float32(1.0), {"dt": 0.5, "n": 1})) - 0.5) < 1e-7
