import jax.numpy as jnp
import numpy as np
from clip import update_all


def test_small_gradients():
    out = update_all(jnp.ones(3), jnp.array([0.5, -0.5, 0.0]))
    np.testing.assert_allclose(out, [0.95, 1.05, 1.0], rtol=1e-6)
