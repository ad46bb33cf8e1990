import jax.numpy as jnp
from pkg.core import train


def test_train():
    w = train(jnp.float32(0.0), jnp.array([1.0, 1.0, 1.0]), lambda w, s: w)
    assert 0 < w < 1
