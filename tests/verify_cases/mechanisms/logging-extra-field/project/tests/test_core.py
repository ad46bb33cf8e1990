import jax.numpy as jnp
from pkg.core import fit_line


def test_fit():
    w = fit_line(jnp.array([1.0, 2.0]), jnp.array([2.0, 4.0]))
    assert float(w) > 0
