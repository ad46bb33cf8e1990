import jax.numpy as jnp
import pytest
import stability


def test_stable_conserves_mass():
    u = stability.advect(jnp.sin(jnp.linspace(0.0, 6.0, 16)) + 2.0, 1.0, 0.1, 0.05, 5)
    assert abs(float(u.sum()) - float((jnp.sin(jnp.linspace(0.0, 6.0, 16)) + 2.0).sum())) < 1e-3


def test_unstable_warns():
    with pytest.warns(Warning, match="CFL"):
        stability.advect(jnp.ones(8), 1.0, 0.1, 0.2, 2)
