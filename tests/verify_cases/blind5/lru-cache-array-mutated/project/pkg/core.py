import functools

import numpy as np


@functools.lru_cache(maxsize=None)
def hann(n):
    return 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)


def windowed(x, gain=1.0):
    w = hann(len(x)).copy()
    w *= gain
    return x * w
