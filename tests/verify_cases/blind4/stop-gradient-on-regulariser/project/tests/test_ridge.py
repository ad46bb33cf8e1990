import jax.numpy as jnp
import ridge


def _data():
    x = jnp.linspace(-1.0, 1.0, 20).reshape(10, 2)
    return x, x @ jnp.array([1.0, -2.0])


def test_loss_value():
    x, y = _data()
    assert jnp.allclose(ridge.loss(jnp.zeros(2), x, y, 0.1), jnp.mean(y ** 2))


def test_fit_lowers_loss():
    x, y = _data()
    w = ridge.fit(jnp.zeros(2), x, y, 0.01)
    assert float(ridge.loss(w, x, y, 0.01)) < float(ridge.loss(jnp.zeros(2), x, y, 0.01))
