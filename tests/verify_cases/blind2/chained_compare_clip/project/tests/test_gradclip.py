import jax.numpy as jnp
import numpy as np

from gradclip import clip_by_global_norm, global_norm, step


def _grads():
    return {"w": jnp.array([3.0, 0.0]), "b": jnp.array([4.0])}


def test_global_norm():
    assert np.isclose(global_norm(_grads()), 5.0)


def test_clipping_disabled_by_default():
    g, n = clip_by_global_norm(_grads())
    assert np.isclose(n, 5.0)
    assert np.allclose(g["w"], [3.0, 0.0])


def test_step_without_clipping():
    params = {"w": jnp.ones(2), "b": jnp.zeros(1)}
    new, n = step(params, _grads(), lr=0.1)
    assert np.allclose(new["w"], [0.7, 1.0])
    assert np.allclose(new["b"], [-0.4])


def test_negative_max_norm_means_disabled():
    g, _ = clip_by_global_norm(_grads(), max_norm=-1.0)
    assert np.allclose(g["b"], [4.0])
