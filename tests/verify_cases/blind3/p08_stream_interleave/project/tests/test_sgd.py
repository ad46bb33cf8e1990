import jax.numpy as jnp
from sgd import fit


def test_fit_large_lr():
    w = fit(jnp.float32(0.0), jnp.ones(4, jnp.float32), 0.75)
    assert abs(float(w) - 1.0) < 0.01
