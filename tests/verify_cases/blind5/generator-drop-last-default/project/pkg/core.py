import numpy as np


def chunks(x, size, drop_last=False):
    for i in range(0, len(x), size):
        c = x[i:i + size]
        if drop_last and len(c) < size:
            return
        yield c


def chunked_mean(x, size=4):
    return np.array([c.mean() for c in chunks(x, size)])
