import jax
import jax.numpy as jnp

from cfgmodel.model import ModelConfig, apply, init


def test_forward_shape():
    cfg = ModelConfig(widths=[8, 8])
    params = init(jax.random.PRNGKey(0), 3, cfg)
    assert [p.shape for p in params] == [(3, 8), (8, 8), (8, 1)]
    assert apply(params, jnp.ones((5, 3)), cfg).shape == (5, 1)


def test_sin_config():
    cfg = ModelConfig(widths=[4], activation="sin")
    params = init(jax.random.PRNGKey(1), 2, cfg)
    assert apply(params, jnp.zeros((1, 2)), cfg).tolist() == [[0.0]]
