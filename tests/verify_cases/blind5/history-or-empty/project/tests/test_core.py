from pkg.core import running_mean


def test_running():
    h = []
    assert running_mean(2.0, h) == 2.0
    assert running_mean(4.0) == 4.0
