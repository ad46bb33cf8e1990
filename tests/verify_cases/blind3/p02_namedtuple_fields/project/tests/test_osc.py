import jax.numpy as jnp
from osc import simulate


def test_energy_roughly_kept():
    final, traj = simulate((jnp.float32(1.0), jnp.float32(0.0)), 10)
    assert traj.shape == (10,)
    e = final[0] ** 2 + final[1] ** 2
    assert abs(float(e) - 1.0) < 0.2
