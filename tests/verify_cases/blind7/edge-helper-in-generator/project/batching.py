import numpy as np


def _pad_to(x, n):
    return np.pad(x, [(0, n - len(x))] + [(0, 0)] * (x.ndim - 1))


def pad_batch(x, batch_size):
    return _pad_to(x, batch_size)


def minibatches(x, batch_size):
    for i in range(0, len(x), batch_size):
        yield _pad_to(x[i:i + batch_size], batch_size)
