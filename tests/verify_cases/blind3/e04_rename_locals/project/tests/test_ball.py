import jax.numpy as jnp
from ball import bounce


def test_stays_above_ground():
    hs = bounce(jnp.float32(1.0), 60)
    assert float(hs.min()) >= 0.0
    assert float(hs.max()) <= 1.0
