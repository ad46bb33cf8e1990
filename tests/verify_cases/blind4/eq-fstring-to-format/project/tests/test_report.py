import jax.numpy as jnp
import report


def test_summary(capsys):
    best = report.summarize(report.curve(jnp.float32(1.0), 0.1))
    out = capsys.readouterr().out
    assert out.startswith("steps=10 first=1.0000")
    assert best < 0.1
