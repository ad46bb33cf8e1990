import pytest

from cfgload import ConfigError, load


def test_load_casts():
    assert load({"lr": "0.1", "steps": "10", "batch_size": 32}) == {"lr": 0.1, "steps": 10, "batch_size": 32}


def test_missing_key():
    with pytest.raises(ConfigError, match="missing required key 'steps'"):
        load({"lr": 0.1, "batch_size": 4})
