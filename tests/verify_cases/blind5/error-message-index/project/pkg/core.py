import numpy as np


class NonFiniteError(ValueError):
    pass


def check_finite(x):
    x = np.asarray(x)
    if not np.all(np.isfinite(x)):
        i = int(np.argmax(~np.isfinite(x)))
        raise NonFiniteError(f"non-finite value at index {i}")
    return x
