import jax.numpy as jnp
from clock import simulate


def test_end_time():
    xs, t = simulate(jnp.float32(1.0), 4, 0.25)
    assert float(t) == 1.0
    assert xs.shape == (4,)
