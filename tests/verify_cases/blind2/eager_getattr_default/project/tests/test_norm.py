import jax.numpy as jnp
import numpy as np

from normlib import default_config, layer_norm, rms_norm


def test_layer_norm_moments():
    x = jnp.arange(12.0).reshape(3, 4)
    y = layer_norm(x, 1.0, 0.0, default_config())
    assert np.allclose(y.mean(-1), 0.0, atol=1e-5)
    assert np.allclose(y.std(-1), 1.0, atol=1e-3)


def test_layer_norm_affine():
    cfg = default_config()
    x = jnp.array([[1.0, 2.0, 4.0]])
    y = layer_norm(x, 2.0, 1.0, cfg)
    assert np.allclose(y.mean(), 1.0, atol=1e-5)


def test_rms_norm_unit_rms():
    y = rms_norm(jnp.array([[3.0, 4.0]]), 1.0, default_config())
    assert np.allclose(jnp.sqrt(jnp.mean(y ** 2)), 1.0, atol=1e-4)
