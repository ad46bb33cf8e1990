import numpy as np
from pkg.core import make_batches


def test_batches():
    bs = make_batches(np.arange(10.0), 4, 0)
    assert len(bs) == 3 and bs[0].shape == (4,)
