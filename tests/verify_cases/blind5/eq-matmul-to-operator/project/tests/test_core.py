import jax.numpy as jnp
from pkg.core import Linear


def test_linear():
    lin = Linear(jnp.eye(2), jnp.ones(2))
    assert jnp.allclose(lin(jnp.ones((3, 2))), 2.0)
