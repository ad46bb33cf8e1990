import math

import numpy as np

from trainlib.schedule import cosine, lr_table, peak, warmup_then_decay


def test_warmup_is_linear():
    lrs = warmup_then_decay(range(5), 0.1, 10)
    assert np.allclose(np.diff(lrs), 0.01)
    assert math.isclose(lrs[0], 0.01)


def test_table_during_warmup():
    table = lr_table(0.2, 8, 8)
    assert table.shape == (8,)
    assert np.isclose(float(table[-1]), 0.2)
    assert math.isclose(peak(list(np.asarray(table))), 0.2, rel_tol=1e-6)


def test_cosine_endpoints():
    assert math.isclose(cosine(0, 100, 1.0), 1.0)
    assert math.isclose(cosine(100, 100, 1.0, floor=0.1), 0.1)
    assert cosine(250, 100, 1.0) == cosine(100, 100, 1.0)
