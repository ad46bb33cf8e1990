import jax
import jax.numpy as jnp
from pkg.core import safe_log


def test_safe_log():
    assert safe_log(jnp.float32(1.0)) == 0.0
    assert jax.grad(safe_log)(jnp.float32(2.0)) == 0.5
