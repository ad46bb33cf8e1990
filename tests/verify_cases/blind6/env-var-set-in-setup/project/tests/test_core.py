from pkg.core import configure


def test_configure():
    assert configure(2)["threads"] == 2
