import jax.numpy as jnp
from losslog import train_and_log


def test_log(tmp_path):
    p = tmp_path / "loss.txt"
    w = train_and_log(p, jnp.float32(0.0), jnp.ones(3))
    assert abs(float(w) - 0.875) < 1e-6
    assert len(p.read_text().splitlines()) == 3
