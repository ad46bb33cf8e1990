import jax.numpy as jnp
import numpy as np

from acts import hinge, mlp_block, relu, sparsity


def test_relu_values():
    assert np.allclose(relu(jnp.array([-2.0, -0.0, 0.0, 3.0])), [0.0, 0.0, 0.0, 3.0])


def test_block_and_sparsity():
    x = jnp.array([[1.0, -1.0], [0.5, 2.0]])
    w = jnp.array([[1.0, -1.0, 0.5], [-2.0, 1.0, 0.25]])
    h = mlp_block(x, w, jnp.zeros(3))
    assert h.shape == (2, 3)
    assert np.all(np.asarray(h) >= 0)
    assert np.isclose(float(sparsity(h)), 1.0 / 3.0)


def test_hinge():
    assert np.isclose(float(hinge(jnp.array([2.0, -0.5]), jnp.array([1.0, 1.0]))), 0.75)
