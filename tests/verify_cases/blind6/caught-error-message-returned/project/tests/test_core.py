import pkg.core


def test_imports():
    assert pkg.core is not None
