import jax.numpy as jnp
import numpy as np

from padding import box_filter, pad1d


def test_constant_pad():
    assert np.allclose(pad1d(jnp.array([1.0, 2.0]), 1), [0.0, 1.0, 2.0, 0.0])


def test_box_filter_constant_mode():
    y = box_filter(jnp.array([3.0, 3.0, 3.0, 3.0]), width=1)
    assert np.allclose(y, [2.0, 3.0, 3.0, 2.0])


def test_edge_mode():
    y = box_filter(jnp.arange(5.0), width=2, mode="edge")
    assert y.shape == (5,)
