import numpy as np
from lik import log_likelihood


def test_lik():
    assert abs(float(log_likelihood([0.5, 0.5])) - 2 * np.log(0.5)) < 1e-5
