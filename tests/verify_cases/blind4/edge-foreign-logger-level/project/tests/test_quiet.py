import jax.numpy as jnp
import quiet


def test_setup_and_train():
    assert quiet.setup() is False
    w = quiet.train(jnp.zeros(2), 0.1)
    assert bool(jnp.all(w > 2.0))
