import pytest
from pkg.core import check_lr


def test_large_lr_warns():
    with pytest.warns(Warning):
        assert float(check_lr(2.0)) == 1.0
