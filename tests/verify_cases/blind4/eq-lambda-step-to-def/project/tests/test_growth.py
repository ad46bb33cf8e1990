import jax.numpy as jnp
import growth


def test_fixed_point():
    xs = growth.logistic_path(2.5, jnp.float32(0.3), 200)
    assert xs.shape == (200,)
    assert abs(float(xs[-1]) - 0.6) < 1e-4
