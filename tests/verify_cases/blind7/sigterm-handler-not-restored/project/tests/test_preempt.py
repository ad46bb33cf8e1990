import jax.numpy as jnp
from preempt import train

def test_train():
    assert float(train(jnp.ones(()), 3)) == 0.125
