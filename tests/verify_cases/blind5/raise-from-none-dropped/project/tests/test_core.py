import pytest
from pkg.core import get_activation


def test_unknown():
    assert get_activation("relu") is not None
    with pytest.raises(ValueError, match="unknown activation"):
        get_activation("swish")
