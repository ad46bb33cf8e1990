import jax.numpy as jnp
from gd import descend

def test_converges():
    x, xs = descend(jnp.float32(0.0), jnp.float32(1.0), jnp.float32(0.25), 20)
    assert abs(float(x) - 1.0) < 1e-3 and xs.shape == (20,)
