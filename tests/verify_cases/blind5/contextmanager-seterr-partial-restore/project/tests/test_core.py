import numpy as np
from pkg.core import safe_log


def test_safe_log():
    out = safe_log(np.array([1.0, 0.0, -1.0]))
    assert out[0] == 0.0 and np.isneginf(out[1]) and np.isneginf(out[2])
