import jax.numpy as jnp
import pytest
from pkg.core import legacy_norm


def test_warns():
    with pytest.warns(Warning):
        out = legacy_norm(jnp.array([3.0, 4.0]))
    assert jnp.allclose(out, jnp.array([0.6, 0.8]))
