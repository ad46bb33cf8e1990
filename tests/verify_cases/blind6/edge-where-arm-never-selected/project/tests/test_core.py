import jax.numpy as jnp
from pkg.core import safe_div


def test_div():
    assert float(safe_div(jnp.float32(1.0), jnp.float32(4.0))) == 0.25
