import jax.numpy as jnp
from ctrl import bounded_rollout


def test_small_controls():
    x, xs = bounded_rollout(jnp.float32(0.0), jnp.array([0.5, -0.25, 0.5]))
    assert float(x) == 0.75
