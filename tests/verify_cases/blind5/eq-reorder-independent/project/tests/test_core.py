import jax.numpy as jnp
from pkg.core import RunningNorm


def test_update():
    rn = RunningNorm()
    out = rn.update(jnp.array([1.0, 2.0, 3.0]))
    assert out.shape == (3,)
    assert jnp.allclose(rn.mean, 0.2)
