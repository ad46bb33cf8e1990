import jax.numpy as jnp
import numpy as np
from opt import train


def test_train():
    p = train(jnp.ones(3), [jnp.ones(3), jnp.ones(3)])
    np.testing.assert_allclose(p, [0.8, 0.8, 0.8], rtol=1e-6)
