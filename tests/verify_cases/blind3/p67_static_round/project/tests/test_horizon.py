import jax.numpy as jnp
from horizon import simulate


def test_quarter_steps():
    assert float(simulate(jnp.float32(1.0), 1.0, 0.25)) == 0.75 ** 4
