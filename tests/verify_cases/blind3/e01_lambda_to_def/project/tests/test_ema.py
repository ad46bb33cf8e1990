import jax.numpy as jnp
import numpy as np
from ema import ema


def test_ema():
    m, hist = ema(jnp.array([1.0, 2.0, 3.0, 4.0]), 0.5)
    assert hist.shape == (4,)
    np.testing.assert_allclose(m, 3.125, rtol=1e-6)
