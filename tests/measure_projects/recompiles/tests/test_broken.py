import jax.numpy as jnp

from recompile_pkg import steps


def test_fails_after_compiling():
    assert float(steps.cached(jnp.zeros(3))[0]) == 3.0  # cos(0) * 2 is 2: this test fails
