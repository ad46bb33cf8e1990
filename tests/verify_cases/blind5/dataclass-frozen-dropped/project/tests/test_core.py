from pkg.core import Config, make_config


def test_config():
    c = make_config(depth=3)
    assert c == Config(32, 3)
