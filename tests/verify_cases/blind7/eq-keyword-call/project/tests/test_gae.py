import jax.numpy as jnp
from gae import advantages

def test_shape():
    a = advantages(jnp.ones(4), jnp.zeros(5))
    assert a.shape == (4,)
