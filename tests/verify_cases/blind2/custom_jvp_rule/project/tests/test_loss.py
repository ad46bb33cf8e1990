import jax.numpy as jnp
import numpy as np

from softplus_loss import logistic_loss, risk, softplus


def test_softplus_values():
    assert np.allclose(softplus(jnp.array([0.0, 30.0])), [np.log(2.0), 30.0], atol=1e-5)


def test_loss_positive_and_small_when_right():
    good = float(logistic_loss(jnp.array([5.0, -5.0]), jnp.array([1.0, -1.0])))
    bad = float(logistic_loss(jnp.array([-5.0, 5.0]), jnp.array([1.0, -1.0])))
    assert 0 < good < 0.01 < bad


def test_risk():
    w = jnp.array([1.0, -1.0])
    x = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    assert np.isclose(float(risk(w, x, jnp.array([1.0, -1.0]))), float(np.log1p(np.exp(-1.0))), atol=1e-6)
