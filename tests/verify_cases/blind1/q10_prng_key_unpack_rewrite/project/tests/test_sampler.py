import jax
import jax.numpy as jnp
import numpy as np
from sampler import sample_batch, dropout, epoch


DATA = jnp.arange(20.0).reshape(10, 2)


def test_batch_shape_and_key():
    key, b = sample_batch(jax.random.key(0), DATA, 4)
    assert b.shape == (4, 2)
    assert jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key)


def test_batch_rows_come_from_data():
    _, b = sample_batch(jax.random.key(1), DATA, 3)
    rows = np.round(np.asarray(b))
    assert all(any(np.allclose(r, d) for d in np.asarray(DATA)) for r in rows)


def test_epoch_advances_key():
    k0 = jax.random.key(2)
    k1, bs = epoch(k0, DATA, 2, 3)
    assert bs.shape == (3, 2, 2)
    assert not bool(jnp.all(jax.random.key_data(k0) == jax.random.key_data(k1)))


def test_jit_sample():
    key, b = jax.jit(sample_batch, static_argnums=2)(jax.random.key(3), DATA, 5)
    assert b.shape == (5, 2)
