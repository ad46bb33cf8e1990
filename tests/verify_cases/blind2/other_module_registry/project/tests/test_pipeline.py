import numpy as np

from pipe import transforms
from pipe.core import get


def test_standardize_then_minmax():
    x = np.array([[1.0, 10.0], [2.0, 20.0], [4.0, 40.0]])
    y = transforms.pipeline(x, ["standardize", "minmax"])
    assert np.allclose(y.min(axis=0), 0.0) and np.allclose(y.max(axis=0), 1.0)


def test_zscore_alias():
    x = np.array([[1.0], [3.0]])
    assert np.allclose(transforms.pipeline(x, ["zscore"]), [[-1.0], [1.0]])


def test_log1p():
    assert get("log1p") is transforms.log1p
    assert np.allclose(transforms.log1p([-1.0, 0.0]), [0.0, 0.0])
