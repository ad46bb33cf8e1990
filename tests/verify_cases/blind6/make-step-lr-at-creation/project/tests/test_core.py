import jax.numpy as jnp
from pkg.core import make_sgd


def test_step():
    step = make_sgd(0.1, 3)
    out = step({"w": jnp.array([1.0, 2.0, 0.7])}, {"w": jnp.array([0.3, 0.7, 1.1])})
    assert out["w"].shape == (3,)
