import jax.numpy as jnp
from pkg.core import ema_trace


def test_final_ema():
    final, ys = ema_trace(jnp.ones(4))
    assert abs(float(final) - (1 - 0.9 ** 4)) < 1e-5
    assert ys.shape == (4,)
