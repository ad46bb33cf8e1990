import jax.numpy as jnp
import numpy as np
from sim.monitor import leapfrog, energy


def test_energy_conserved():
    q0, p0 = jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])
    q, p, kins = leapfrog(q0, p0, 1.0, 0.01, 200)
    assert kins.shape == (200,)
    np.testing.assert_allclose(energy(q, p, 1.0), energy(q0, p0, 1.0), rtol=1e-3)


def test_kinetic_nonnegative():
    _, _, kins = leapfrog(jnp.ones(3), jnp.zeros(3), 2.0, 0.05, 20)
    assert np.all(np.asarray(kins) >= 0)
