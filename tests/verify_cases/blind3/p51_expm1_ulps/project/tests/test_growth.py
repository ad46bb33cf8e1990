import numpy as np
import jax.numpy as jnp
from growth import compound


def test_growth():
    dts = jnp.array([0.1, 0.2, 0.3, 0.05], jnp.float32)
    c, g = compound(jnp.float32(0.03), dts)
    np.testing.assert_allclose(g, np.expm1(0.03 * np.asarray(dts, np.float64)), rtol=1e-3)
    np.testing.assert_allclose(c, np.exp(0.03 * 0.65), rtol=1e-5)
