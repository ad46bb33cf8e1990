import jax.numpy as jnp
from pkg.core import newton_sqrt


def test_sqrt():
    assert abs(float(newton_sqrt(jnp.float32(2.0))) - 1.41421) < 1e-2
