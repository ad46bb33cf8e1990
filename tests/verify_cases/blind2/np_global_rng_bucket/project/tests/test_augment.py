import numpy as np

from augment import jitter, random_crop


def test_jitter_small():
    np.random.seed(0)
    x = np.zeros((8, 3))
    y = jitter(x, scale=0.01)
    assert y.shape == (8, 3)
    assert np.abs(y).max() < 0.05


def test_jitter_reproducible():
    np.random.seed(1)
    a = jitter(np.ones((4, 2)))
    np.random.seed(1)
    b = jitter(np.ones((4, 2)))
    assert np.array_equal(a, b)


def test_crop_shape():
    np.random.seed(2)
    assert random_crop(np.zeros((10, 12)), 4).shape == (4, 4)
