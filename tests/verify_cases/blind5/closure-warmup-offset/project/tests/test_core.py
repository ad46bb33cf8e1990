from pkg.core import make_scheduler


def test_schedule():
    lr = make_scheduler(0.1, 4)
    vals = [lr() for _ in range(6)]
    assert all(0 < v <= 0.1 for v in vals)
    assert vals[-1] == 0.1
