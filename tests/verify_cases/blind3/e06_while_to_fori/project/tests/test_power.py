import jax.numpy as jnp
import numpy as np
from power import power_iteration


def test_dominant():
    A = jnp.array([[2.0, 1.0], [1.0, 3.0]])
    v, lam = power_iteration(A, jnp.array([1.0, 0.0]), 30)
    np.testing.assert_allclose(lam, max(np.linalg.eigvalsh(np.asarray(A))), rtol=1e-4)
