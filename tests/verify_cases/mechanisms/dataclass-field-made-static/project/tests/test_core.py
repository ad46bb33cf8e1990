import jax.numpy as jnp
from pkg.core import init, apply


def test_apply():
    m = init(2)
    assert apply(m, jnp.ones(2)).shape == (2,)
