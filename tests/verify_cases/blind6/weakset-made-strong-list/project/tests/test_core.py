from pkg.core import Buffer


def test_fill():
    b = Buffer(3)
    assert float(b.fill(2.0).sum()) == 6.0
