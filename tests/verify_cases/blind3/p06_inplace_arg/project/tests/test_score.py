import numpy as np
from score import center_and_score


def test_score():
    b = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    assert abs(float(center_and_score(b)) - 4.0) < 1e-5
