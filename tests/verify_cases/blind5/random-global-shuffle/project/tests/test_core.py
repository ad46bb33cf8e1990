from pkg.core import permutation


def test_perm():
    p = permutation(10, 3)
    assert sorted(p) == list(range(10))
    assert p == permutation(10, 3)
