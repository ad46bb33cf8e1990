import numpy as np

from loader import minibatches, n_batches


def test_batches_cover_everything():
    x, y = np.arange(10), np.arange(10) * 2
    sizes = [len(xb) for xb, _ in minibatches(x, y, 4)]
    assert sum(sizes) == 10


def test_n_batches():
    assert n_batches(10, 4) == 3 and n_batches(8, 4) == 2
