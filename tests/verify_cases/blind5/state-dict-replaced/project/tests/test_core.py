import jax.numpy as jnp
from pkg.core import Optimizer


def test_step():
    opt = Optimizer(0.5)
    st = opt.state
    w = opt.step(jnp.ones(2), jnp.ones(2))
    assert jnp.allclose(w, 0.5)
    assert opt.state["t"] == 1
