import jax.numpy as jnp
from pkg.core import reduce_loss


def test_reduce():
    x = jnp.array([1.0, 3.0])
    assert reduce_loss(x) == 2.0
    assert reduce_loss(x, "sum") == 4.0
