import jax.numpy as jnp
import numpy as np
from safe_ops import safe_log, safe_norm, entropy


def test_log_of_zero_finite():
    assert np.isfinite(float(safe_log(jnp.float32(0.0))))


def test_entropy_uniform():
    np.testing.assert_allclose(entropy(jnp.full(4, 0.25)), np.log(4.0), rtol=1e-6)


def test_norm():
    np.testing.assert_allclose(safe_norm(jnp.array([3.0, 4.0])), 5.0)
