import jax.numpy as jnp
from pctrl import track


def test_tracks():
    x, xs = track(jnp.float32(0.0), jnp.ones(30), 0.3)
    assert abs(float(x) - 1.0) < 1e-3
