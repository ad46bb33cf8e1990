import jax.numpy as jnp
from pkg.core import stats


def test_stats():
    m, a = stats(jnp.arange(4.0), jnp.array([-3.0, 1.0]))
    assert float(m) == 1.5 and float(a) == 3.0
