import pytest
from grid1d import make_grid, trapz


def test_too_small():
    with pytest.raises(ValueError):
        make_grid(1)


def test_trapz():
    assert abs(float(trapz(lambda x: x, 5)) - 0.5) < 1e-6
