import jax.numpy as jnp
import potentials


def test_minimum():
    rmin = 2.0 ** (1 / 6)
    assert abs(float(potentials.lj(jnp.float32(rmin))) + 1.0) < 1e-5
