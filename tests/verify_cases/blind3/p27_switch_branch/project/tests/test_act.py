import jax.numpy as jnp
import numpy as np
from act import layer


def test_tanh_and_relu():
    w = jnp.array([0.5, 2.0])
    np.testing.assert_allclose(layer(jnp.int32(0), w, jnp.float32(1.0)),
                               np.tanh(2 * np.tanh(0.5)), rtol=1e-6)
    assert float(layer(jnp.int32(1), w, jnp.float32(-1.0))) == 0.0
