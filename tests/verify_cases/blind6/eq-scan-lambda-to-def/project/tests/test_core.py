import jax.numpy as jnp
from pkg.core import discounted


def test_discounted():
    out = discounted(jnp.array([1.0, 0.0, 2.0]), 0.5)
    assert out.shape == (3,)
