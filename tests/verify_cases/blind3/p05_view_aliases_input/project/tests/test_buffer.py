import numpy as np
from buffer import last_window


def test_window():
    obs = np.arange(6, dtype=np.float32)
    w, disc = last_window(obs)
    np.testing.assert_array_equal(w, [3.0, 4.0, 5.0])
    assert abs(float(disc) - (3 * 0.25 + 4 * 0.5 + 5)) < 1e-5
