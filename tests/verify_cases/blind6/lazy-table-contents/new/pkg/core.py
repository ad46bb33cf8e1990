import numpy as np

_TABLE = None


def lookup(k):
    global _TABLE
    if _TABLE is None:
        _TABLE = np.sin(np.arange(32, dtype=np.float32) * np.float32(np.pi / 32))
    return _TABLE[2 * k]
