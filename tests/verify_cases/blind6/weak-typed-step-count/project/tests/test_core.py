from pkg.core import train_summary


def test_summary():
    out = train_summary([3.0, 2.0, 1.0])
    assert int(out["steps"]) == 3
    assert float(out["final"]) == 1.0
