import jax.numpy as jnp
from pkg.core import cumulative_decay


def test_final():
    final, trace = cumulative_decay(jnp.ones((4, 2)), 0.5)
    assert trace.shape == (4, 2)
    assert jnp.allclose(final, 1.875)
