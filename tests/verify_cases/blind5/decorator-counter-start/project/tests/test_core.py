import jax.numpy as jnp
from pkg.core import relu, leaky


def test_acts():
    x = jnp.array([-1.0, 2.0])
    assert relu(x)[1] == 2.0
    assert leaky(x)[0] < 0
