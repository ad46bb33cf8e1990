import jax
import jax.numpy as jnp
import numpy as np
from layers import Dense, build, mlp


def test_dense_shape():
    layer = Dense(jax.random.key(0), 3, 2)
    assert layer(jnp.ones((4, 3))).shape == (4, 2)


def test_mlp_zero_bias_at_zero_input():
    layers = build(jax.random.key(1), [3, 5, 2])
    np.testing.assert_allclose(mlp(layers, jnp.zeros((2, 3))), np.zeros((2, 2)))
