import jax.numpy as jnp
from pkg.core import magnitude


def test_mag():
    out = magnitude(jnp.array([-128, -3, 5], dtype=jnp.int8))
    assert out.dtype == jnp.int16
    assert out[1] == 3 and out[2] == 5
