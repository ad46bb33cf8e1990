from pkg.core import scale


def test_scale():
    assert scale(1.5) == 3.0
