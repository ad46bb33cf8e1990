import jax.numpy as jnp
import numpy as np

from pendulum import rollout


def test_small_oscillation():
    (th, om), ths = rollout((jnp.float32(0.1), jnp.float32(0.0)), 100)
    assert ths.shape == (100,)
    assert float(jnp.max(jnp.abs(ths))) < 0.11


def test_rest_stays_at_rest():
    (th, om), ths = rollout((jnp.float32(0.0), jnp.float32(0.0)), 10)
    assert np.allclose(ths, 0.0)
