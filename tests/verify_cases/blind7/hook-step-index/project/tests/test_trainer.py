import jax.numpy as jnp
from trainer import Trainer

def test_loss_decreases():
    t = Trainer(jnp.zeros(2))
    x = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    y = jnp.array([1.0, -1.0])
    l0 = t.step(x, y)
    l1 = t.step(x, y)
    assert l1 < l0 and t.step_count == 2
