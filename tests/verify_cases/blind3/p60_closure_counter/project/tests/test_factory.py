import jax.numpy as jnp
from factory import make_sim


def test_run():
    run, _ = make_sim(0.1)
    assert float(run(jnp.float32(1.0), 5)) > 1.0
