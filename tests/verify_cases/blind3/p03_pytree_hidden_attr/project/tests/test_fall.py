import jax.numpy as jnp
from traj.core import fall


def test_falls():
    t = fall(jnp.float32(10.0), 5)
    assert t.xs.shape == (5,)
    assert float(t.xs[-1]) < 10.0
