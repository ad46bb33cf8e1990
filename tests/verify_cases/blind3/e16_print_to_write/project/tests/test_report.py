import jax.numpy as jnp
from report import run


def test_run(capsys):
    assert abs(float(run(jnp.float32(0.0), 30)) - 4.0) < 1e-4
    assert capsys.readouterr().out.startswith("run: n=30")
