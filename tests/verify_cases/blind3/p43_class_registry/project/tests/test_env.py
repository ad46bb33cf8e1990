import jax.numpy as jnp
from envs.base import Env


def test_fall():
    e = Env("Pendulum", 10.0)
    assert abs(float(e.fall(jnp.float32(0.0), 3)) + 3.0) < 1e-5
