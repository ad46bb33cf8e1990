import jax.numpy as jnp
import heads


def test_last_head():
    hs = heads.make_heads(3)
    assert len(hs) == 3
    x = heads.features(jnp.linspace(0.0, 1.0, 4))
    assert jnp.allclose(hs[-1](x), 3 * jnp.tanh(x))
