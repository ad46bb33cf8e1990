import jax.numpy as jnp

from acc.core import Accumulator


def test_add_all():
    acc = Accumulator()
    acc.add_all(jnp.arange(5.0))
    assert acc.total.shape == ()
