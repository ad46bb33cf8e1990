import jax.numpy as jnp

from recompile_pkg import steps


def test_scale_each():
    assert len(steps.scale_each(jnp.ones(3), [1.0, 2.0, 3.0, 4.0])) == 4


def test_powers():
    assert len(steps.powers(jnp.ones(3), 5)) == 5


def test_by_length():
    assert len(steps.by_length(4)) == 4


def test_cumulative():
    for c in (1.0, 2.0, 3.0):
        assert steps.cumulative(jnp.ones(4), c).shape == (4,)


def test_cached():
    for _ in range(5):
        assert steps.cached(jnp.ones(3)).shape == (3,)


def test_sweep():
    assert len(steps.sweep(jnp.ones(3), 4)) == 4


def test_precisions():
    assert len(steps.precisions(jnp.ones((3, 3)))) == 3


def test_padded():
    assert len(steps.padded([3, 5, 6, 8])) == 4


def test_warmed_up():
    assert len(steps.warmed_up(jnp.linspace(0.0, 1.0, 3))) == 3
