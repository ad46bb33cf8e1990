import jax.numpy as jnp

from ranking import checkpoint


def test_checkpoint_loss():
    c = checkpoint(jnp.ones(3), 7)
    assert c.loss == 1.0 and c.step == 7
