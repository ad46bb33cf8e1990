import jax
import jax.numpy as jnp
from pkg.core import forward


def test_forward_grad():
    w = jnp.eye(2) * 0.5
    x = jnp.ones((3, 2))
    assert forward(w, x).shape == ()
    assert jax.grad(forward)(w, x).shape == (2, 2)
