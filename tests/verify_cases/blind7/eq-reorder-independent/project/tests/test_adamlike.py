import jax.numpy as jnp
from adamlike import moments

def test_moments():
    m, v = moments(jnp.array([1.0, -2.0]), jnp.zeros(2), jnp.zeros(2))
    assert m.shape == v.shape == (2,)
