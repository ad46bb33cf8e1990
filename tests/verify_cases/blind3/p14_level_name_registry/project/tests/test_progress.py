import jax.numpy as jnp
from progress import configure, run


def test_run():
    configure()
    assert float(run(jnp.float32(1.0), 2)) < 1.0
