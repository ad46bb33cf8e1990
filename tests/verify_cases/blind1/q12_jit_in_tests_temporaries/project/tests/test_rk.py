import jax
import jax.numpy as jnp
import numpy as np
from rk import rk2_step, integrate, energy


def test_one_step_jit():
    y = jax.jit(rk2_step)(jnp.array([1.0, 0.0]), 0.0, 0.1)
    np.testing.assert_allclose(y, [0.995, -0.1], rtol=1e-5)


def test_energy_nearly_conserved():
    ys = integrate(jnp.array([1.0, 0.0]), 0.01, 100)
    np.testing.assert_allclose(energy(ys[-1]), 0.5, rtol=1e-4)


def test_jit_step_matches_eager():
    y0 = jnp.array([0.3, -0.7])
    np.testing.assert_allclose(jax.jit(rk2_step)(y0, 1.0, 0.05), rk2_step(y0, 1.0, 0.05), rtol=1e-6)
