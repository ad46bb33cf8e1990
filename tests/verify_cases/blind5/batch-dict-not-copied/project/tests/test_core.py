import numpy as np
from pkg.core import standardize


def test_standardize():
    b = {"x": np.array([[1.0, 2.0], [3.0, 6.0]]), "y": np.array([0, 1])}
    o = standardize(b)
    assert np.allclose(o["x"].mean(0), 0.0)
    assert o["y"] is b["y"]
