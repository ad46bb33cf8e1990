import pytest
from pkg.core import parse_config


def test_missing():
    with pytest.raises(ValueError, match="lr"):
        parse_config({"steps": 3})
