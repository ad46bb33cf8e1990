import jax.numpy as jnp
from pkg.core import running_max


def test_running_max():
    out = running_max(jnp.array([1.0, 3.0, 2.0, 5.0]))
    assert out.tolist() == [1.0, 3.0, 3.0, 5.0]
    assert running_max(jnp.ones((3, 2))).shape == (3, 2)
