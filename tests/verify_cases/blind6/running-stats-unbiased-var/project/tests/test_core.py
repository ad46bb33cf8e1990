import jax.numpy as jnp
from pkg.core import RunningStats


def test_update_mean():
    rs = RunningStats()
    assert float(rs.update(jnp.array([1.0, 2.0, 3.0]))) == 2.0
