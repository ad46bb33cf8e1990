import jax
import jax.numpy as jnp
from pkg.core import objective


def test_bounded_grads():
    g = jax.grad(objective)(jnp.array([3.0, 0.1, -2.0]))
    assert jnp.all(jnp.abs(g) <= 1.0 + 1e-6)
