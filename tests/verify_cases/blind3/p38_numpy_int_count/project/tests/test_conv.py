import jax.numpy as jnp
from conv import count_converged


def test_count():
    assert count_converged(jnp.array([1.0, 2.0, 1e5])) == 2
