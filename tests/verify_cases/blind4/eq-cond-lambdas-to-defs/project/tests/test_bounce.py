import jax.numpy as jnp
import bounce


def test_bounces():
    x, v = bounce.step((jnp.float32(0.01), jnp.float32(-2.0)), 0.01)
    assert float(x) > 0 and float(v) > 0


def test_falls():
    x, v = bounce.step((jnp.float32(1.0), jnp.float32(0.0)), 0.01)
    assert float(v) < 0
    assert bounce.drop(1.0, 0.01, 100).shape == (100,)
