import jax.numpy as jnp
from lotka import lotka_volterra


def test_positive():
    (prey, pred), traj = lotka_volterra((jnp.float32(10.0), jnp.float32(5.0)), 100)
    assert float(traj.min()) > 0.0
    assert float(pred) > 0.0
