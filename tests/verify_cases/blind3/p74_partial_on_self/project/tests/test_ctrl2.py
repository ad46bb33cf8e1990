import jax.numpy as jnp
from ctrl2 import Controller


def test_tracks():
    x, xs = Controller(0.3).run(jnp.float32(0.0), jnp.ones(20))
    assert abs(float(x) - 1.0) < 0.01
