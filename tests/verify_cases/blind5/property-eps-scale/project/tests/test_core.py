import jax.numpy as jnp
from pkg.core import LayerNorm


def test_layernorm():
    x = jnp.array([[0.1, 0.2, 0.3, 0.5], [1.0, -1.0, 2.0, 0.0]])
    out = LayerNorm(4)(x)
    assert out.shape == (2, 4)
    assert jnp.allclose(out.mean(-1), 0.0, atol=1e-5)
