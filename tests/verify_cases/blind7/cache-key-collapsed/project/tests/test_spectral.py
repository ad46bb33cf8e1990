import numpy as np
from spectral import window

def test_hann_endpoints():
    w = window(8)
    assert np.isclose(w[0], 0.0) and np.isclose(w[-1], 0.0)

def test_hann_cached():
    assert np.array_equal(window(8), window(8, "hann"))
