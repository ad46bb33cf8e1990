import numpy as np
from pkg.core import clip_values


def test_clip():
    assert np.array_equal(clip_values(np.array([-2.0, 0.5, 3.0]), -1, 1), [-1.0, 0.5, 1.0])
