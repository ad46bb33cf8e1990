import jax.numpy as jnp
import numpy as np

from mathx.special import log1mexp, logsumexp2, softclip


def test_log1mexp():
    x = jnp.array([0.1, 1.0, 5.0])
    assert np.allclose(log1mexp(x), np.log(1 - np.exp(-np.array([0.1, 1.0, 5.0]))), atol=1e-6)


def test_logsumexp2():
    assert np.isclose(float(logsumexp2(0.0, 0.0)), np.log(2.0))


def test_softclip():
    assert np.allclose(softclip(jnp.array([-1.0, 0.5, 2.0]), 0.0, 1.0), [0.0, 0.5, 1.0])
