import numpy as np

from dctbasis import dct, idct


def test_roundtrip_two_sizes():
    for n in (8, 16, 8):
        x = np.arange(n, dtype=float)
        assert np.allclose(idct(dct(x)), x)


def test_constant_signal():
    c = dct(np.ones(8))
    assert np.isclose(c[0], np.sqrt(8)) and np.allclose(c[1:], 0, atol=1e-12)
