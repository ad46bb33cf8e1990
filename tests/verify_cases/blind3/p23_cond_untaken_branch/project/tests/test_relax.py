import jax.numpy as jnp
import numpy as np
from relax import relax


def test_explicit():
    out = relax(jnp.float32(1.0), jnp.float32(0.1))
    np.testing.assert_allclose(out, [0.9, 0.81, 0.729], rtol=1e-6)
