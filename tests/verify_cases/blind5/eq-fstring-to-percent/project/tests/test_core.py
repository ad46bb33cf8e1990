from pkg.core import log_step


def test_log_step(capsys):
    assert log_step(3, 0.5) == 0.5
    assert capsys.readouterr().out == "step 3 loss 0.5000\n"
