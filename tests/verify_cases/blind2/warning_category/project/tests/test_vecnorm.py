import jax.numpy as jnp
import numpy as np

from vecnorm import cosine_similarity, normalize


def test_unit_norm():
    y = normalize(jnp.array([[3.0, 4.0]]))
    assert np.allclose(jnp.linalg.norm(y, axis=-1), 1.0, atol=1e-5)


def test_old_keyword_still_works():
    y = normalize(jnp.array([[3.0, 4.0]]), epsilon=1e-3)
    assert np.allclose(y, [[3.0 / 5.001, 4.0 / 5.001]], atol=1e-6)


def test_cosine():
    assert np.isclose(float(cosine_similarity(jnp.array([1.0, 0.0]), jnp.array([1.0, 1.0]))), 2 ** -0.5, atol=1e-5)
