import jax.numpy as jnp
from pkg.core import ticks


def test_ticks():
    assert ticks(jnp.float32(1.0), 0.5, 3).shape == ()
