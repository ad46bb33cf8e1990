import jax.numpy as jnp
import numpy as np

from hashing import bucket, lcg, xorshift


def test_lcg_known_values():
    assert int(lcg(0, 1)) == 1013904223
    assert int(lcg(0, 2)) == (1013904223 * 1664525 + 1013904223) % 2 ** 32
    assert int(lcg(7, 0)) == 7


def test_xorshift_changes_bits():
    x = xorshift(jnp.arange(1, 6), 2)
    assert x.dtype == jnp.uint32
    assert len(set(np.asarray(x).tolist())) == 5


def test_bucket_range():
    b = bucket(jnp.arange(1000), 7)
    assert int(b.max()) < 7
    assert len(np.unique(np.asarray(b))) == 7
