import jax.numpy as jnp
import energy


def test_energy():
    assert float(energy.energy(jnp.ones(3))) == 1.5
    assert float(energy.energy(jnp.ones(3))) == 1.5


def test_total():
    assert energy.total_energy([jnp.ones(2)] * 3) == 3.0
