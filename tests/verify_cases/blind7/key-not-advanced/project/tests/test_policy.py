import jax
import jax.numpy as jnp
from policy import sample_actions

def test_shapes():
    a, k = sample_actions(jax.random.key(0), jnp.zeros((3, 4)))
    assert a.shape == (3,)
