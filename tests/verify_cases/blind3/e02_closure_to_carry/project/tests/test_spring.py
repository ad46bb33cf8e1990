import jax.numpy as jnp
from spring import damped


def test_decays():
    x, xs = damped(jnp.float32(1.0), jnp.float32(4.0), jnp.float32(0.5), 50)
    assert xs.shape == (50,)
    assert abs(float(x)) < 1.0
