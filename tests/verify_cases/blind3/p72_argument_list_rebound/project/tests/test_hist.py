import jax.numpy as jnp
from hist import fit


def test_fit():
    state = {"w": jnp.float32(0.0), "history": []}
    fit(state, jnp.ones(4))
    assert len(state["history"]) == 1
    assert abs(float(state["w"]) - 0.9375) < 1e-6
