import jax.numpy as jnp
from pend import pendulum


def test_shape_and_swing():
    traj = pendulum(jnp.float32(0.5), 40)
    assert traj.shape == (40, 2)
    assert float(traj[:, 0].min()) < 0.0
