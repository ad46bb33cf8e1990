import jax.numpy as jnp
from diffuse import diffuse


def test_mass_conserved():
    u = jnp.array([0.0, 0.0, 1.0, 0.0, 0.0])
    out = diffuse(u, 10)
    assert abs(float(out.sum()) - 1.0) < 1e-6
    assert float(out.max()) < 1.0
