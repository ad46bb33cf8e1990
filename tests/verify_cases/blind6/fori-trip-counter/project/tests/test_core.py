import jax.numpy as jnp
from pkg.core import power_iter


def test_power_iter_shape():
    v, k = power_iter(jnp.diag(jnp.array([3.0, 2.0, 1.0])), jnp.ones(3) / 3.0, 5)
    assert v.shape == (3,)
