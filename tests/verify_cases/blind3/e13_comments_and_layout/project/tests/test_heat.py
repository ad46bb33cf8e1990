import jax.numpy as jnp
from heat import heat


def test_peak_drops():
    u, peaks = heat(jnp.array([0.0, 1.0, 0.0, 0.0]), 5)
    assert float(peaks[-1]) < 1.0
