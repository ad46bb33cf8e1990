import numpy as np
import jax
import jax.numpy as jnp

from loops_pkg import model


def test_rollout():
    x = np.ones(3, np.float32)
    for _ in range(30):
        x = np.tanh(x) * 0.5 + x
    np.testing.assert_allclose(model.rollout(jnp.ones(3), 30), x, rtol=1e-5)


def test_by_rows():
    np.testing.assert_allclose(model.by_rows(jnp.ones((16, 2))), np.full(2, 32.0))


def test_grid():
    assert model.grid(jnp.ones(2)).shape == (2,)


def test_summed():
    np.testing.assert_allclose(model.summed(jnp.arange(128.0).reshape(64, 2)),
                               np.arange(128.0).reshape(64, 2).sum(0))


def test_stack():
    x = np.ones(3, np.float32)
    for k in range(20):
        x = np.maximum(x * k, 0.0) + 1.0
    np.testing.assert_allclose(model.Stack(20)(jnp.ones(3)), x)


def test_short_and_rolled():
    np.testing.assert_allclose(model.short(jnp.ones(2)), np.full(2, 8.0))
    assert model.rolled(jnp.ones(2)).shape == (2,)


def test_kept_unrolled():
    assert model.kept_unrolled(jnp.ones(2)).shape == (2,)


def test_pick():
    np.testing.assert_allclose(model.pick(jnp.arange(12.0), 12), np.arange(12.0))


@jax.jit
def in_a_test_file(x):
    for k in range(12):  # pytest compiles this file: its trips are not counted
        x = jnp.sin(x) + k
    return x


def test_in_a_test_file():
    assert in_a_test_file(jnp.ones(2)).shape == (2,)


def test_env_step():
    assert model.Env(20).step(jnp.ones(2)).shape == (22,)
