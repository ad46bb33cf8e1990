import jax.numpy as jnp
import numpy as np

from rl.td import loss_from_params, td_loss, td_target


def test_target_terminal():
    assert float(td_target(1.0, 5.0, done=1.0)) == 1.0
    assert np.isclose(float(td_target(1.0, 5.0, discount=0.5)), 3.5)


def test_loss_zero_when_consistent():
    v = jnp.array([1.0, 0.0])
    assert float(td_loss(v, jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0]))) == 0.0


def test_loss_from_params():
    obs = jnp.array([[0.1, 0.2], [0.3, -0.1], [0.0, 0.5]])
    val = float(loss_from_params(jnp.array([1.0, -1.0]), obs, jnp.ones(3), jnp.zeros(3)))
    assert val > 0
