import jax.numpy as jnp
from kalman import kalman_1d


def test_converges_to_constant():
    ms, p = kalman_1d(jnp.full(50, 2.0))
    assert abs(float(ms[-1]) - 2.0) < 0.05
    assert float(p) < 0.5
