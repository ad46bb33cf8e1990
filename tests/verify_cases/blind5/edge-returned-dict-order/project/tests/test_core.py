import jax.numpy as jnp
from pkg.core import stats


def test_stats():
    s = stats(jnp.array([1.0, 3.0]))
    assert s["mean"] == 2.0 and s["std"] == 1.0
