import jax.numpy as jnp
import numpy as np
from decay import decay


def test_decay():
    np.testing.assert_allclose(decay(jnp.ones(2, jnp.float32), 2)[-1], [0.81, 0.81], rtol=1e-6)
