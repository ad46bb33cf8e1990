import jax.numpy as jnp
from pkg.core import masked_mean


def test_masked():
    assert masked_mean(jnp.array([1.0, 3.0]), jnp.array([1.0, 1.0])) == 2.0
    assert jnp.isnan(masked_mean(jnp.array([1.0, 3.0]), jnp.zeros(2)))
