from cnt.core import make_counter


def test_tick():
    tick, read = make_counter()
    assert tick(3) == 6
