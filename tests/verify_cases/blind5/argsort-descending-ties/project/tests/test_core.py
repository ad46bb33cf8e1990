import numpy as np
from pkg.core import top_k


def test_topk_values():
    s = np.array([0.5, 0.9, 0.9, 0.1])
    idx = top_k(s, 2)
    assert list(s[idx]) == [0.9, 0.9]
