import jax.numpy as jnp
from pkg.core import newton_sqrt


def test_sqrt2():
    x, n = newton_sqrt(2.0)
    assert jnp.allclose(x, jnp.sqrt(2.0), rtol=1e-5)
