import jax.numpy as jnp
from pkg.core import total_loss


def test_total_loss():
    preds = [jnp.array([1.0, 3.0]), jnp.array([0.0])]
    targets = [jnp.array([1.0, 1.0]), jnp.array([1.0])]
    assert total_loss(preds, targets, 2.0) == 6.0
    assert total_loss(preds, targets) == 3.0
