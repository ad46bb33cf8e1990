from pkg.core import configure


def test_configure():
    o = configure(lr=0.5)
    assert o["lr"] == 0.5 and o["momentum"] == 0.9
