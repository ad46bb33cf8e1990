import jax.numpy as jnp
import numpy as np
import pytest

from seqops import bidirectional, discounted_returns, reverse_time


def test_reverse():
    assert np.array_equal(reverse_time(jnp.arange(4)), [3, 2, 1, 0])
    assert reverse_time(jnp.ones((3, 2))).shape == (3, 2)


def test_returns():
    g = discounted_returns(jnp.array([1.0, 1.0, 1.0]), gamma=0.5)
    assert np.allclose(g, [1.75, 1.5, 1.0])


def test_bidirectional():
    y = bidirectional(jnp.array([[1.0], [2.0]]))
    assert np.array_equal(y, [[1.0, 2.0], [2.0, 1.0]])


def test_scalar_rejected():
    with pytest.raises(ValueError):
        reverse_time(3.0)
