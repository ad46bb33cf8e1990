import numpy as np

_TABLE = None


def lookup(k):
    global _TABLE
    if _TABLE is None:
        _TABLE = np.sin(np.arange(16, dtype=np.float32) * np.float32(np.pi / 16))
    return _TABLE[k]
