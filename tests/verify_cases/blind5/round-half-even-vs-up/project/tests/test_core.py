import jax.numpy as jnp
from pkg.core import quantize


def test_quantize():
    x = jnp.array([0.2, 2.5, -1.7])
    assert jnp.all(jnp.abs(quantize(x) - x) <= 0.5)
