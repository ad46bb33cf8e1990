import jax.numpy as jnp
import filt


def test_step_response():
    ys = filt.lowpass(jnp.ones(50), 0.8)
    assert ys.shape == (50,)
    assert abs(float(ys[-1]) - 1.0) < 1e-3
    assert float(ys[0]) < 0.25
