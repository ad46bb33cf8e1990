import numpy as np
import jax.numpy as jnp
from pkg.core import hinge


def test_hinge():
    np.testing.assert_allclose(hinge(jnp.array([1.5, -2.0, 0.5])), [0.0, 2.0, 0.0])
