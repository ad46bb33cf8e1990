import jax
import jax.numpy as jnp
import numpy as np
from envs.grid import GridEnv


def test_reset_in_bounds():
    env = GridEnv(5)
    pos = env.reset(jax.random.key(0))
    assert pos.shape == (2,) and int(pos.min()) >= 0 and int(pos.max()) < 5


def test_step_reaches_goal():
    env = GridEnv(3, goal=(0, 1))
    pos, r = env.step(jnp.array([0, 0]), 0)
    np.testing.assert_array_equal(pos, [0, 1])
    assert float(r) == 1.0


def test_step_clips():
    env = GridEnv(3)
    pos, r = env.step(jnp.array([2, 2]), 1)
    np.testing.assert_array_equal(pos, [2, 2])
    assert float(r) < 0
