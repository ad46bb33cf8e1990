import jax.numpy as jnp
from pkg.core import get


def test_lookup():
    assert get("relu")(jnp.array(-1.0)) == 0.0
    assert get("gelu")(jnp.array(0.0)) == 0.0
