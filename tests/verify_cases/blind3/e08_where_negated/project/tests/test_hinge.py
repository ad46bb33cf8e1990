import jax.numpy as jnp
import numpy as np
from hinge import hinge_path


def test_leaky():
    total, ls = hinge_path(jnp.array([1.0, -2.0, 3.0]))
    np.testing.assert_allclose(ls, [1.0, -0.2, 3.0], rtol=1e-6)
