import numpy as np
from augment import random_flip

def test_disabled_is_identity():
    rng = np.random.default_rng(0)
    b = np.arange(6.0).reshape(3, 2)
    assert np.array_equal(random_flip(rng, b, 0.0), b)
