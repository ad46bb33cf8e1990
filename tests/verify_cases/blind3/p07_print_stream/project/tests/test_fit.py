import jax.numpy as jnp
from fit import train


def test_converges():
    w = train(jnp.float32(0.0), 20)
    assert abs(float(w) - 3.0) < 0.1
