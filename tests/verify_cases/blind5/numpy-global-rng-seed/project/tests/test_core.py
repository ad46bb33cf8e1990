import numpy as np
from pkg.core import make_noise


def test_noise():
    a = make_noise((3,), seed=1)
    assert a.shape == (3,)
    assert np.array_equal(a, make_noise((3,), seed=1))
