import numpy as np
from preprocess import standardize

def test_standardize():
    x = np.arange(12.0).reshape(4, 3)
    y, (m, s) = standardize(x)
    assert np.allclose(y.mean(0), 0.0)
