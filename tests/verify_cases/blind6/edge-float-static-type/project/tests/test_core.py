from pkg.core import head_dim


def test_head_dim():
    assert head_dim(8, 2) == 4
