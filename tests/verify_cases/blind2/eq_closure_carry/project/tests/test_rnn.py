import jax
import jax.numpy as jnp
import numpy as np

from rnn import last_hidden, rnn


def test_shapes():
    w, u = jnp.full(3, 0.5), jnp.ones(3)
    h, hs = rnn(w, u, jnp.ones((7, 3)), jnp.zeros(3))
    assert h.shape == (3,) and hs.shape == (7, 3)
    assert np.array_equal(np.asarray(hs[-1]), np.asarray(h))


def test_random_sequence_bounded():
    key = jax.random.PRNGKey(0)
    xs = jax.random.normal(key, (50, 4))
    h = last_hidden(jnp.linspace(-1.0, 1.0, 4), jnp.full(4, 2.0), xs)
    assert np.all(np.abs(np.asarray(h)) <= 2.0)
