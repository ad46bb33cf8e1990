import jax.numpy as jnp
from rms import rms_norm

def test_rms():
    y = rms_norm(jnp.array([[3.0, 4.0]]))
    assert y.shape == (1, 2)
