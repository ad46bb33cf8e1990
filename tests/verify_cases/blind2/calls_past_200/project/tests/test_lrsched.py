import math

from lrsched import lr_at


def test_warmup_linear():
    lrs = [lr_at(s) for s in range(100)]
    assert math.isclose(lrs[0], 1e-5)
    assert math.isclose(lrs[-1], 1e-3)


def test_full_run():
    lrs = [lr_at(s) for s in range(300)]
    assert max(lrs) == 1e-3
    after = lrs[100:]
    assert all(a >= b for a, b in zip(after, after[1:]))
    assert lrs[-1] >= 1e-4
