from profiler import enable, timed


def test_timed_returns_result():
    enable()
    assert timed("add", lambda a, b: a + b, 2, 3) == 5
    assert timed("add", max, 1, 4) == 4
