import jax.numpy as jnp
from pkg.core import discounted


def test_discounted():
    assert jnp.allclose(discounted(jnp.ones(3), 0.5), jnp.array([1.0, 1.5, 1.75]))
