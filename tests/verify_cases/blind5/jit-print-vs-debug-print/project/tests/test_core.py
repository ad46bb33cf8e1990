import jax.numpy as jnp
from pkg.core import train_step


def test_step_decreases():
    w = jnp.zeros(2)
    x = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    y = jnp.array([1.0, -1.0])
    w2 = train_step(w, x, y)
    assert w2.shape == (2,) and w2[0] > 0
