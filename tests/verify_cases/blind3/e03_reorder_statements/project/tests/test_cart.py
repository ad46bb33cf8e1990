import jax.numpy as jnp
from cart import cart


def test_moves():
    (x, v), xs = cart(jnp.float32(0.0), jnp.linspace(0.0, 2.0, 20))
    assert float(x) > 0.0
    assert xs.shape == (20,)
