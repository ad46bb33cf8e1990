import jax.numpy as jnp
from halve import count_halvings


def test_count():
    x, n = count_halvings(jnp.float32(1.0))
    assert n == 10
    assert float(x) <= 1e-3
