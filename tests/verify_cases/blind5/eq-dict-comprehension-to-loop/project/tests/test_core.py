import jax.numpy as jnp
from pkg.core import layer_norms


def test_norms():
    n = layer_norms({"w": jnp.array([3.0, 4.0]), "b": jnp.zeros(1)})
    assert list(n) == ["w", "b"] and n["w"] == 5.0
