from sched import lr_at

def test_warmup_constant():
    assert lr_at(0) == lr_at(4) == 1e-3

def test_nonincreasing():
    lrs = [lr_at(s) for s in range(10)]
    assert all(a >= b for a, b in zip(lrs, lrs[1:]))
