import jax.numpy as jnp
from pkg.core import scale_batch


def test_shape():
    out = scale_batch(jnp.ones((3, 3)), jnp.array([1.0, 2.0, 3.0]))
    assert out.shape == (3, 3)
