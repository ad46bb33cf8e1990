import jax
import jax.numpy as jnp
import numpy as np

from rngutil import dropout, sample_noise


def test_noise_stats():
    key = jax.random.key(0)
    key, z = sample_noise(key, (2000,), scale=2.0)
    assert abs(float(z.std()) - 2.0) < 0.15
    assert jnp.issubdtype(key.dtype, jax.dtypes.prng_key)


def test_dropout_scale():
    key = jax.random.key(1)
    key, y = dropout(key, jnp.ones(1000), 0.5)
    vals = np.unique(np.asarray(y))
    assert set(vals.tolist()) <= {0.0, 2.0}
    key, y2 = dropout(key, jnp.ones(4), 0.5)
    assert y2.shape == (4,)
