from pkg.core import Config, with_lr


def test_with_lr():
    c = with_lr(Config(steps=5), 0.01)
    assert c.lr == 0.01 and c.steps == 5
