import jax.numpy as jnp
import numpy as np
from prox import soft_threshold


def test_shrinks():
    out = soft_threshold(jnp.array([-2.0, 0.25, 3.0]), 0.5)
    np.testing.assert_allclose(out, [-1.5, 0.0, 2.5])


def test_zero_lambda():
    x = jnp.array([1.0, -1.0])
    assert (soft_threshold(x, 0.0) == x).all()
