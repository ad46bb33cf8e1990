import jax.numpy as jnp
from pkg.core import rnn


def test_rnn():
    h = rnn(jnp.array([[0.5, -0.1], [0.2, 0.3]]), jnp.array([0.1, 0.0]), jnp.ones(2), 3)
    assert h.shape == (2,)
