from pkg.core import make_early_stopper


def test_stopper():
    stop = make_early_stopper(3)
    assert [stop(v) for v in (1.0, 1.0, 0.5)] == [False, False, False]
