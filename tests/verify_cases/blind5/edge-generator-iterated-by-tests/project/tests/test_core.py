import numpy as np
from pkg.core import batches


def test_batches():
    bs = list(batches(np.arange(10), 4))
    assert all(len(b) <= 4 for b in bs)
