import jax.numpy as jnp

from loops_pkg import model


def test_rollout():
    assert model.rollout(jnp.ones(3), 30).shape == (3,)


def test_by_rows():
    assert model.by_rows(jnp.ones((12, 2))).shape == (2,)


def test_grid():
    assert model.grid(jnp.ones(2)).shape == (2,)


def test_summed():
    assert model.summed(jnp.ones((16, 2))).shape == (2,)


def test_stack():
    assert model.Stack(11)(jnp.ones(3)).shape == (3,)


def test_short_and_rolled():
    assert model.short(jnp.ones(2)).shape == (2,)
    assert model.rolled(jnp.ones(2)).shape == (2,)
