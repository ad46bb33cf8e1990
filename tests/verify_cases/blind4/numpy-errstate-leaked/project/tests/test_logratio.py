import jax.numpy as jnp
import numpy as np
import logratio


def test_log_ratio():
    r = logratio.log_ratio([0.5, 0.5, 0.0], [0.25, 0.5, 0.25])
    np.testing.assert_allclose(np.asarray(r[:2]), [np.log(2.0), 0.0], rtol=1e-6)
    assert np.isneginf(np.asarray(r[2]))


def test_kl():
    assert float(logratio.kl(jnp.array([0.5, 0.5]), jnp.array([0.5, 0.5]))) == 0.0
