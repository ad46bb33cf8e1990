import jax.numpy as jnp
from params import fit, init_params


def test_fit():
    w = init_params(3, 0)
    out = fit(w, jnp.ones((50, 3)))
    assert float(jnp.max(jnp.abs(out - 1.0))) < 0.05
