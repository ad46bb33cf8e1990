import jax.numpy as jnp
from pkg.core import Conv1D


def test_conv():
    out = Conv1D([1.0, 1.0, 1.0])(jnp.array([0.0, 1.0, 0.0]))
    assert out.tolist() == [1.0, 1.0, 1.0]
