import jax
import jax.numpy as jnp
from pkg.core import loss


def test_grad_finite():
    g = jax.grad(loss)(jnp.array([3.0, -0.1]))
    assert bool(jnp.all(jnp.isfinite(g)))
