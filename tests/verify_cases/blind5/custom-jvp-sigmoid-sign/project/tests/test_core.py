import jax
import jax.numpy as jnp
from pkg.core import loss


def test_grad_positive():
    g = jax.grad(loss)(1.5, jnp.array([1.0, 2.0]))
    assert g > 0
    assert loss(1.5, jnp.array([1.0, 2.0])) > 0
