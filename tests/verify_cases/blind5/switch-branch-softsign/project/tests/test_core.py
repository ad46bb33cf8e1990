import jax.numpy as jnp
from pkg.core import activation


def test_bounded():
    for k in range(3):
        out = activation(jnp.array([-3.0, 0.5, 4.0]), k)
        assert out.shape == (3,)
    assert jnp.all(jnp.abs(activation(jnp.array([-3.0, 0.5]), 2)) < 1)
