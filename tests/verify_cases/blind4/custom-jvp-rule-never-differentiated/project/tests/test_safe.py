import jax.numpy as jnp
import safe


def test_uniform_entropy():
    assert jnp.allclose(safe.entropy(jnp.full(4, 0.25)), jnp.log(4.0))


def test_zero_bins_are_finite():
    assert bool(jnp.isfinite(safe.entropy(jnp.array([1.0, 0.0, 0.0]))))
