import jax.numpy as jnp
import numpy as np
from queues import simulate, utilisation


def test_light_load():
    qs, drops = simulate(jnp.array([2.0, 0.0, 3.0, 1.0]), 1.0)
    np.testing.assert_allclose(qs, [1.0, 0.0, 2.0, 2.0])
    assert float(jnp.sum(drops)) == 0.0


def test_utilisation():
    qs, _ = simulate(jnp.array([5.0, 5.0, 0.0, 0.0]), 4.0, capacity=50.0)
    assert 0.0 < float(utilisation(qs)) <= 1.0
