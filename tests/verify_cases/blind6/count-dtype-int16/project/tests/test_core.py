import jax.numpy as jnp
from pkg.core import count_above


def test_count():
    assert int(count_above(jnp.array([0.1, 0.9, 0.7]), 0.5)) == 2
