import jax.numpy as jnp

from reporting import header, report, run_report


def test_report_line(capsys):
    report(7, 0.123456, 0.5)
    assert capsys.readouterr().out == "[00007] loss=0.1235 acc=50.00%\n"


def test_header_length():
    assert header("net", 1000) == len("== net (1,000 parameters) ==")


def test_run_report_with_jax_scalars(capsys):
    n = run_report([(jnp.float32(0.5), 0.25), (0.4, jnp.float32(0.75))])
    out = capsys.readouterr().out.splitlines()
    assert n == 2 and len(out) == 3
