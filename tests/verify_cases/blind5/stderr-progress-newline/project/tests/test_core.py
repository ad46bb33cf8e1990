import jax.numpy as jnp
from pkg.core import fit


def test_fit():
    assert abs(float(fit(jnp.array([2.0, 2.0]))) - 1.75) < 1e-6
