import numpy as np
from pkg.core import chunked_mean


def test_chunked():
    out = chunked_mean(np.arange(10.0))
    assert out.ndim == 1
    assert out[0] == 1.5
