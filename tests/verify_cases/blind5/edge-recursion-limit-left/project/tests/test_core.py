from pkg.core import walk


def test_walk():
    assert walk([[1, [2]], 3]) == 3
