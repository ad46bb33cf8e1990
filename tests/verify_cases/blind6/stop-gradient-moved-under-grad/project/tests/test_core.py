import jax
import jax.numpy as jnp
from pkg.core import td_loss


def test_grad_shape():
    g = jax.grad(td_loss)(jnp.array([0.5, -0.2]), jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0]), 1.0)
    assert g.shape == (2,)
