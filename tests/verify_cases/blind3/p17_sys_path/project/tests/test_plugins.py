import jax.numpy as jnp
from plugins import run


def test_run():
    assert float(run(jnp.float32(0.5), 3)) > 0.5
