import numpy as np

_WINDOWS = {}


def _make(n, kind):
    k = np.arange(n)
    if kind == "hann":
        return 0.5 - 0.5 * np.cos(2 * np.pi * k / (n - 1))
    return 0.54 - 0.46 * np.cos(2 * np.pi * k / (n - 1))


def window(n, kind="hann"):
    key = n
    if key not in _WINDOWS:
        _WINDOWS[key] = _make(n, kind)
    return _WINDOWS[key].copy()
