import jax.numpy as jnp
from noise import noisy_walk


def test_walk_finite():
    x = noisy_walk(jnp.float32(0.0), 5)
    assert bool(jnp.isfinite(x))
