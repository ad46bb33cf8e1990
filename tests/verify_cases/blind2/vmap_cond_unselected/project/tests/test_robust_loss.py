import jax
import jax.numpy as jnp
import numpy as np

from robust_loss import huber, huber_loss


def test_quadratic_region():
    r = jnp.array([-0.5, 0.0, 0.25, 1.0])
    assert np.allclose(jax.vmap(huber)(r), 0.5 * r * r)


def test_loss_small_residuals():
    assert np.isclose(float(huber_loss(jnp.array([0.2, -0.4, 0.6]))), (0.02 + 0.08 + 0.18) / 3, atol=1e-6)
