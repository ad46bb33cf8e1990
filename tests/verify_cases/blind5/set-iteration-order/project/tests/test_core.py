from pkg.core import unique_ids


def test_unique():
    assert set(unique_ids([100, 3, 7, 3, 64])) == {3, 7, 64, 100}
