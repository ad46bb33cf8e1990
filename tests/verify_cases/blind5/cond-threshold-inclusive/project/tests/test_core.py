import jax.numpy as jnp
from pkg.core import safe_div


def test_safe():
    assert safe_div(jnp.float32(1.0), jnp.float32(2.0)) == 0.5
    assert jnp.isfinite(safe_div(jnp.float32(1.0), jnp.float32(1e-3)))
