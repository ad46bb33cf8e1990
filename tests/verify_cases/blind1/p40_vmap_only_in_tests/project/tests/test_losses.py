import jax
import jax.numpy as jnp
import numpy as np
from losses import huber


def test_quadratic_region():
    preds = jnp.array([[0.1, 0.2], [0.0, -0.5]])
    targets = jnp.zeros((2, 2))
    np.testing.assert_allclose(jax.vmap(huber)(preds, targets), [0.025, 0.125], rtol=1e-6)


def test_large_residuals_positive():
    preds = jnp.array([[4.0], [-3.0], [0.5]])
    out = jax.vmap(huber)(preds, jnp.zeros((3, 1)))
    assert out.shape == (3,) and bool(jnp.all(out > 0))
