from pkg.core import report


def test_report():
    assert report({"loss": 1.0, "acc": 0.5}) == 1.5
