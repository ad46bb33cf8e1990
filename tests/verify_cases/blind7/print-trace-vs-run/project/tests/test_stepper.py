import jax.numpy as jnp
from stepper import step

def test_step_twice():
    x = jnp.ones(3)
    y = step(step(x))
    assert y.shape == (3,)
