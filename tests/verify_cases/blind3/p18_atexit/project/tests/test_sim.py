import jax.numpy as jnp
from sim import run


def test_run():
    assert abs(float(run(jnp.float32(0.0), 30)) - 2.0) < 1e-5
