import jax.numpy as jnp
import numpy as np
from steps import sgd_step, heavy_ball, run


def grad(p):
    return 2.0 * p


def test_sgd_step():
    p, v = sgd_step(jnp.array([1.0]), jnp.array([1.0]), jnp.zeros(1), lr=0.5)
    np.testing.assert_allclose(p, [0.5])


def test_run_sgd():
    p = run(sgd_step, jnp.array([3.0, -1.0]), grad, 100, lr=0.05)
    assert float(jnp.max(jnp.abs(p))) < 1e-3


def test_run_heavy_ball():
    p = run(heavy_ball, jnp.array([1.0]), grad, 300)
    assert abs(float(p[0])) < 1e-2
