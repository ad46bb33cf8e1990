import pytest

from tracking import make_tracker, smooth


def test_ema_values():
    update, _ = make_tracker(0.5)
    assert update(2.0) == 2.0
    assert update(-2.0) == 0.0
    assert update(-4.0) == -2.0


def test_smooth_constant():
    assert smooth([3.0] * 5) == pytest.approx([3.0] * 5)


def test_counts():
    update, summary = make_tracker()
    for v in (1.0, -3.0, 0.5):
        update(v)
    assert summary()["n"] == 3
