import jax.numpy as jnp
import numpy as np
from smoothing import exp_smooth, holt, residuals


def test_constant_series_unchanged():
    np.testing.assert_allclose(exp_smooth(jnp.full(5, 2.0), alpha=0.5), np.full(5, 2.0))


def test_step_response():
    y = exp_smooth(jnp.array([0.0, 1.0, 1.0]), alpha=0.5)
    np.testing.assert_allclose(y, [0.0, 0.5, 0.75])


def test_holt_tracks_line():
    x = jnp.arange(30.0)
    y = holt(x, 0.5, 0.5)
    assert abs(float(y[-1] - x[-1])) < 0.5


def test_residuals_small_for_smooth_input():
    r = residuals(jnp.linspace(0.0, 1.0, 10), 0.9)
    assert float(jnp.max(jnp.abs(r))) < 0.02
