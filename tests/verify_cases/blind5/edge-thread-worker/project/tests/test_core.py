import numpy as np
from pkg.core import parallel_norms


def test_norms():
    assert len(parallel_norms([np.ones(3), np.zeros(2)])) == 2
