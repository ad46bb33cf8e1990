import jax
import jax.numpy as jnp
import numpy as np
from kinematics import forward_kin, link_angles


def test_straight_arm():
    pts = jax.jit(forward_kin)(jnp.zeros(3))
    np.testing.assert_allclose(pts, [[1, 0], [2, 0], [3, 0]], atol=1e-6)


def test_right_angle():
    pts = jax.jit(forward_kin)(jnp.array([jnp.pi / 2, -jnp.pi / 2]))
    np.testing.assert_allclose(pts[-1], [1.0, 1.0], atol=1e-6)


def test_angles_accumulate():
    np.testing.assert_allclose(jax.jit(link_angles)(jnp.array([0.1, 0.2, 0.3])), [0.1, 0.3, 0.6], rtol=1e-6)
