import jax.numpy as jnp
import numpy as np
from stats.moments import center, demean_rows


def test_center_zero_mean():
    x = jnp.array([[1.0, 2.0], [3.0, 6.0], [5.0, 10.0]])
    np.testing.assert_allclose(jnp.mean(center(x), axis=0), [0.0, 0.0], atol=1e-6)


def test_demean_rows():
    x = jnp.array([[1.0, 3.0], [2.0, 2.0]])
    np.testing.assert_allclose(demean_rows(x), [[-1.0, 1.0], [0.0, 0.0]])
