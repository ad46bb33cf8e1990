import jax
import jax.numpy as jnp

from envlib.branches import smooth
from envlib.closure_env import GridEnv
from envlib.factory import make_decay
from envlib.numpy_table import Tables
from envlib.stateful import Accumulator


def test_reset_and_step():
    env = GridEnv(3)
    state = env.reset(jax.random.PRNGKey(0))
    assert state["ids"].shape == (3,)
    state = env.step(state, jnp.ones((3, 2), jnp.int32))
    assert state["positions"].shape == (3, 2)


def test_decay():
    final, ys = make_decay(0.5, 4)(jnp.ones(2))
    assert ys.shape == (4, 2)


def test_accumulator():
    acc = Accumulator()
    acc.add_all(jnp.arange(5.0))
    assert acc.total.shape == ()


def test_smooth_forward():
    total, _ = smooth(jnp.arange(4.0), reverse=False)
    assert total.shape == (4,)


def test_tables():
    assert Tables(4).lookup().tolist() == [1, 4, 7, 10]
