import jax
import jax.numpy as jnp
import data


def _xy():
    x = jax.random.uniform(jax.random.key(0), (16, 2))
    return x, x @ jnp.array([1.0, 1.0])


def test_batch_shapes():
    x, y = _xy()
    shapes = [(xb.shape, yb.shape) for xb, yb in data.batches(x, y, 4)]
    assert shapes == [((4, 2), (4,))] * 4


def test_training_runs():
    x, y = _xy()
    w = jnp.zeros(2)
    for xb, yb in data.batches(x, y, 4, key=jax.random.key(1)):
        w = data.train_step(w, xb, yb)
    assert bool(jnp.all(jnp.isfinite(w)))
