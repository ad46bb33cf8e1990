import jax.numpy as jnp
import progress


def test_run():
    xs = progress.run(jnp.ones(3), 5)
    assert xs.shape == (5, 3)
    assert float(xs[-1, 0]) < 1.0
