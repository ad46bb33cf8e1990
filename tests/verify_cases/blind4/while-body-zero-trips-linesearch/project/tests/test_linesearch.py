import jax.numpy as jnp
import linesearch


def quad(x):
    return 0.25 * jnp.sum(x ** 2)


def test_gd_decreases():
    x, fs = linesearch.gd(quad, jnp.ones(3), 5)
    assert fs.shape == (5,)
    assert bool(jnp.all(jnp.diff(fs) < 0))


def test_full_step_accepted():
    t = linesearch.backtrack(quad, jnp.ones(2), 0.5 * jnp.ones(2))
    assert float(t) == 1.0
