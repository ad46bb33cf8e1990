import jax.numpy as jnp
import numpy as np
from gate import gated


def test_both_branches():
    total, ys = gated(jnp.array([0.5, 2.0, 1.5, -1.0]), 1.0)
    np.testing.assert_allclose(ys, [0.25, 1.0, 0.5, -0.5])
