import jax
import jax.numpy as jnp
import numpy as np
from springs import chain_energy


def test_force_zero_at_rest():
    g = jax.grad(chain_energy)(jnp.array([0.0, 1.0, 2.0]))
    np.testing.assert_allclose(g, np.zeros(3), atol=1e-7)


def test_force_stretched():
    g = jax.grad(chain_energy)(jnp.array([0.0, 2.0]), 3.0)
    np.testing.assert_allclose(g, [-3.0, 3.0])
