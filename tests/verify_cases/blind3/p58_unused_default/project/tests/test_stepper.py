import jax.numpy as jnp
from stepper import run, step


def test_step():
    assert abs(float(step(jnp.float32(0.0), dt=0.2)) - 0.2) < 1e-7


def test_run():
    assert float(run(jnp.float32(0.0), 3, 0.2)) > 0.5
