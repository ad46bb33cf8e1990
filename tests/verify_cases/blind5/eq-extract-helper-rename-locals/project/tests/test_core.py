import jax.numpy as jnp
from pkg.core import huber


def test_huber():
    out = huber(jnp.array([0.5, -3.0]))
    assert jnp.allclose(out, jnp.array([0.125, 2.5]))
