import jax.numpy as jnp
import numpy as np
from thermo import Gas, AIR, heating_curve


def test_heat():
    np.testing.assert_allclose(AIR.heat(2.0, jnp.array(10.0)), 20100.0)


def test_moles():
    assert np.isclose(Gas(0.002, 14300.0).moles(1.0), 500.0)


def test_heating_curve():
    q = heating_curve(AIR, 1.0, jnp.array([300.0, 310.0, 330.0]))
    np.testing.assert_allclose(q, [10050.0, 20100.0])
