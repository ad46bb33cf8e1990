import jax.numpy as jnp
import numpy as np
from potentials import forces


def test_equilibrium_pair():
    r0 = 2.0 ** (1.0 / 6.0)
    f = forces(jnp.array([[0.0, 0.0], [r0, 0.0]]))
    np.testing.assert_allclose(f, np.zeros((2, 2)), atol=1e-4)


def test_newton_third_law():
    pos = jnp.array([[0.0, 0.0], [1.0, 0.2], [0.3, 1.1]])
    f = forces(pos)
    np.testing.assert_allclose(jnp.sum(f, axis=0), [0.0, 0.0], atol=1e-4)
