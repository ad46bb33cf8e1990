import jax.numpy as jnp
from pkg.core import Tracker


def test_update():
    t = Tracker()
    assert t.update(jnp.array([1.0, 3.0])) == 2.0
    assert t.count == 1
