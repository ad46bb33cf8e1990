import jax.numpy as jnp
import linreg


def test_converges():
    x = jnp.linspace(-1.0, 1.0, 20).reshape(10, 2)
    y = x @ jnp.array([1.0, 0.5])
    w, losses = linreg.gd(jnp.zeros(2), x, y, 0.5)
    assert float(losses[-1]) < float(losses[0])
