import jax.numpy as jnp
import heat


def test_mass_conserved():
    u0 = jnp.zeros(16).at[8].set(1.0)
    u = heat.diffuse(u0, 0.25, 20)
    assert abs(float(u.sum()) - 1.0) < 1e-5
    assert float(u.max()) < 1.0
