import jax.numpy as jnp
from pkg.core import smooth


def test_smooth():
    xs = jnp.arange(5.0)
    ys = smooth(xs)
    assert ys.shape == (5,)
    assert ys[0] == 0.0
    assert jnp.all(jnp.diff(ys) > 0)
