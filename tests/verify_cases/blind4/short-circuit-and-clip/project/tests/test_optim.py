import jax.numpy as jnp
import optim


def _data():
    x = jnp.linspace(-1.0, 1.0, 12).reshape(6, 2)
    y = x @ jnp.array([0.5, -1.0]) + 0.3
    return x, y


def test_train_reduces_loss():
    x, y = _data()
    p0 = {"w": jnp.zeros(2), "b": jnp.zeros(())}
    p1 = optim.train(p0, x, y)
    assert float(optim.loss(p1, x, y)) < float(optim.loss(p0, x, y))


def test_update_no_clip():
    p = optim.sgd_update({"w": jnp.ones(2)}, {"w": jnp.full(2, 2.0)}, 0.5)
    assert jnp.allclose(p["w"], 0.0)
