import jax
import jax.numpy as jnp
import numpy as np
from decay.trace import decay_trace, accumulate


def test_decays_to_floor():
    es = decay_trace(jnp.ones(3), 2.0, 0.1, 30)
    assert es.shape == (30, 3)
    np.testing.assert_allclose(es[-1], np.full(3, 0.1))


def test_first_step():
    es = decay_trace(jnp.array([2.0]), 1.0, 0.0, 2)
    np.testing.assert_allclose(es[0], [2.0 * np.exp(-1.0)], rtol=1e-6)


def test_accumulate():
    e, es = accumulate(jnp.zeros(2), jnp.ones((5, 2)), 4.0, 0.0)
    assert es.shape == (5, 2)
    assert bool(jnp.all(jnp.diff(es[:, 0]) > 0))
    np.testing.assert_array_equal(e, es[-1])


def test_accumulate_jit():
    e, _ = jax.jit(accumulate)(jnp.array([1.0, 0.5]), jnp.zeros((3, 2)), 3.0, 0.2)
    assert e.shape == (2,)
