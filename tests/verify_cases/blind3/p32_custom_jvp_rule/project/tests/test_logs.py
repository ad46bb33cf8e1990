import jax.numpy as jnp
import numpy as np
from logs import total


def test_total():
    np.testing.assert_allclose(total(jnp.array([0.5, 1.0])), np.log(1.5) + np.log(2.0), rtol=1e-6)
