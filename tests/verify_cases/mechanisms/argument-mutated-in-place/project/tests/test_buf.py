import numpy as np

from buf.core import fill


def test_fill():
    out = np.zeros(3)
    assert fill(out, 2.0) == (3,)
