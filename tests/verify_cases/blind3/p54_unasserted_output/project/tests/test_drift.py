import jax.numpy as jnp
from drift import simulate


def test_final():
    x, xs = simulate(jnp.float32(1.0), 5)
    assert xs.shape == (5,)
    assert 1.0 < float(x) < 2.0
