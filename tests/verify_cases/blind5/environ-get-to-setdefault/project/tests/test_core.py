import jax.numpy as jnp
from pkg.core import run


def test_run():
    assert run(jnp.array([1.0]))[0] == 2.0
