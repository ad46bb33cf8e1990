import jax.numpy as jnp
import numpy as np

from serving import Predictor


def test_single_and_batch():
    p = Predictor(jnp.array([1.0, -1.0, 0.5]))
    assert np.allclose(p.predict([1.0, 1.0, 2.0]), [1.0])
    assert np.allclose(p.predict(jnp.ones((4, 3))), [0.5] * 4)
    assert p.stats()["requests"] == 2
