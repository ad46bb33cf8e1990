import numpy as np

_WINDOWS = {}


def _make(n):
    k = np.arange(n)
    return 0.5 - 0.5 * np.cos(2 * np.pi * k / (n - 1))


def window(n):
    if n not in _WINDOWS:
        _WINDOWS[n] = _make(n)
    return _WINDOWS[n].copy()
