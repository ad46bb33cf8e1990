import jax.numpy as jnp
from pkg.core import Norm


def test_norm_train():
    m = Norm(2)
    out = m(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
    assert out.shape == (2, 2)
