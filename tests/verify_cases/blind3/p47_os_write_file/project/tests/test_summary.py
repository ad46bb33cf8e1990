import jax.numpy as jnp
from summary import summarize


def test_summary(tmp_path):
    p = tmp_path / "s.txt"
    m = summarize(str(p), jnp.array([0.0, 1.0]))
    assert float(m) == 0.5
    assert p.read_text().startswith("mean=0.5")
