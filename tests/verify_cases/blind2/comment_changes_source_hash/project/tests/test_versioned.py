import jax.numpy as jnp

from versioned import cache_key, model_version, predict


def test_predict_half_at_zero():
    assert float(predict(jnp.zeros(2), jnp.ones(2))) == 0.5


def test_version_stable_and_used():
    v = model_version()
    assert len(v) == 12 and v == model_version()
    assert cache_key("mnist") == "mnist-" + v
