import numpy as np
import jax.numpy as jnp
from norm import layer_norm

X = jnp.array([[1.0, 2.0, 3.0, 4.0]])

def test_eps_given():
    y = layer_norm(X, 1.0, 0.0, eps=1e-3)
    assert np.allclose(y.mean(), 0.0, atol=1e-6)

def test_eps_zero():
    y = layer_norm(X, 1.0, 0.0, eps=0.0)
    assert np.allclose(y.std(), 1.0, atol=1e-3)
