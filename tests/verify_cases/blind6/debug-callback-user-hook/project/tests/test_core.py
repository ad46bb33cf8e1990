import jax.numpy as jnp
from pkg.core import train


def test_train():
    seen = []
    w = train(jnp.array([1.0, 1.0, 1.0]), lambda i, l: seen.append((int(i), float(l))))
    assert float(w) > 0
