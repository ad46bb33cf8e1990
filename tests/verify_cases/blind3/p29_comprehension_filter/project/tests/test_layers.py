import jax
from layers import init_layers


def test_small_layers():
    small, wide = init_layers([4, 8], jax.random.key(0))
    assert [p.shape for p in small] == [(4,), (8,)]
    assert wide == []
