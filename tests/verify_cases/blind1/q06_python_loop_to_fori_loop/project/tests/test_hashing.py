import jax
import jax.numpy as jnp
import numpy as np
from datapipe.hashing import rolling_hash, batch_hash, duplicates


def test_known_value():
    assert int(rolling_hash(jnp.array([1, 2, 3]))) == (1 * 31 + 2) * 31 + 3


def test_jit_matches():
    t = jnp.array([5, 900, 17, 4, 4])
    assert int(jax.jit(rolling_hash)(t)) == int(rolling_hash(t))


def test_duplicates():
    b = jnp.array([[1, 2, 3], [3, 2, 1], [1, 2, 3]])
    np.testing.assert_array_equal(duplicates(b), [True, False, True])
