import numpy as np

from streaming import split_head, take


def test_take_from_generator():
    gen = (i * i for i in range(10))
    assert take(gen, 3) == [0, 1, 4]
    assert next(gen) == 9


def test_split_head_keeps_rest():
    head, rest = split_head(iter(range(6)), 2)
    assert np.array_equal(head, [0, 1])
    assert list(rest) == [2, 3, 4, 5]


def test_take_more_than_available():
    assert take(iter([1, 2]), 5) == [1, 2]
