import jax.numpy as jnp
import numpy as np
from trainlog.events import train_step, fit, loss_fn


X = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]])
Y = X @ jnp.array([0.5, -1.0])


def test_step_decreases_loss():
    w0 = jnp.zeros(2)
    w1, l0 = train_step(w0, X, Y, 0)
    assert float(loss_fn(w1, X, Y)) < float(l0)


def test_fit():
    w = fit(jnp.zeros(2), X, Y, 100)
    np.testing.assert_allclose(w, [0.5, -1.0], atol=1e-2)
