import jax.numpy as jnp
import trainlog


def _batches():
    xs = jnp.ones((4, 3, 2)) * jnp.arange(1.0, 5.0)[:, None, None] / 4
    ys = xs.sum(-1)
    return xs, ys


def test_fit_default_history():
    xs, ys = _batches()
    w = trainlog.fit(jnp.zeros(2), xs, ys)
    assert w.shape == (2,)
    assert bool(jnp.all(jnp.isfinite(w)))


def test_fit_own_history():
    xs, ys = _batches()
    h = []
    trainlog.fit(jnp.zeros(2), xs, ys, history=h)
    assert len(h) == 4
