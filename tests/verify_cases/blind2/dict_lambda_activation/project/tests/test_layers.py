import jax
import jax.numpy as jnp
import numpy as np
import pytest

from netlib.layers import ACTIVATIONS, init_mlp, mlp, n_params


@pytest.fixture
def params():
    return init_mlp(jax.random.PRNGKey(0), [3, 8, 2])


def test_shapes(params):
    assert n_params(params) == 3 * 8 + 8 + 8 * 2 + 2
    assert mlp(params, jnp.ones((4, 3))).shape == (4, 2)


@pytest.mark.parametrize("act", ["relu", "tanh", "softplus"])
def test_activations_finite(params, act):
    y = mlp(params, jnp.linspace(-2, 2, 12).reshape(4, 3), act=act)
    assert np.all(np.isfinite(np.asarray(y)))


def test_softplus_positive():
    assert float(ACTIVATIONS["softplus"](jnp.float32(-3.0))) > 0
