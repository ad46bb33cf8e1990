from pkg.core import summary


def test_summary():
    s = summary([0.012345, 0.012345])
    assert s.startswith("loss=0.01") and s.endswith("n=2")
