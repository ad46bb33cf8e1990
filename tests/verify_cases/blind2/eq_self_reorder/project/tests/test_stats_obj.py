import pytest

from stats_obj import RunningStats, stats_of


def test_push_counts():
    s = RunningStats()
    assert s.push(2) == 1
    assert s.push(4.0) == 2
    assert s.mean() == 3.0 and s.lo == 2.0


def test_stats_of():
    m, v, lo = stats_of([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and v == pytest.approx(1.25) and lo == 1.0
