from pkg.core import make_warmup


def test_warmup_starts_at_zero():
    sched = make_warmup(0.001, 100)
    assert sched(0) == 0.0
