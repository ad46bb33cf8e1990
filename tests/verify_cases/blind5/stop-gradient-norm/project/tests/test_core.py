import jax
import jax.numpy as jnp
from pkg.core import align


def test_align_grad():
    x = jnp.array([1.0, 2.0, 2.0])
    t = jnp.array([0.0, 1.0, 0.0])
    assert jnp.allclose(align(x, t), 2.0 / 3.0)
    assert jax.grad(align)(x, t).shape == (3,)
