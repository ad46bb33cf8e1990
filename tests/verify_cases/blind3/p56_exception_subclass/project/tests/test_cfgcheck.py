import jax.numpy as jnp
import pytest
from cfgcheck import run


def test_bad_dt():
    with pytest.raises(ValueError, match="positive"):
        run(jnp.float32(1.0), {"dt": 0.0, "n": 2})


def test_ok():
    assert abs(float(run(jnp.float32(1.0), {"dt": 0.5, "n": 2})) - 0.25) < 1e-7
