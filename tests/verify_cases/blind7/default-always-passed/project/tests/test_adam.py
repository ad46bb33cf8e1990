import jax.numpy as jnp
from adam import adam_update

def test_first_step_is_sign():
    u, m, v = adam_update(jnp.array([2.0, -3.0]), 0.0, 0.0, 1, 0.1, b1=0.9, b2=0.999, eps=0.0)
    assert jnp.allclose(u, jnp.array([-0.1, 0.1]))
