import jax.numpy as jnp

from sim.core import quiet_step


def test_quiet_step():
    assert float(quiet_step(jnp.zeros(()))) == 0.0
