from pkg.core import open_run


def test_open_run():
    assert open_run("a")["name"] == "a"
    assert open_run("b")["name"] == "b"
