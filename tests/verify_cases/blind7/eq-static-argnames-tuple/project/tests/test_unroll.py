import jax.numpy as jnp
from unroll import step

def test_step():
    assert step(jnp.zeros(2), n=3).tolist() == [0.0, 0.0]
    assert step(jnp.ones(2), n=2).shape == (2,)
