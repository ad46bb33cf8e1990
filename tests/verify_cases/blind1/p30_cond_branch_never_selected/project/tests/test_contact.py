import jax.numpy as jnp
import numpy as np
from physics.contact import simulate, step, resolve_contact


def test_free_fall():
    ys = simulate(jnp.float32(10.0), jnp.float32(0.0), 50)
    t = 0.01 * np.arange(1, 51)
    np.testing.assert_allclose(ys, 10.0 - 0.5 * 9.81 * t * t, atol=0.05)


def test_step_above_ground():
    y, v = step(jnp.float32(1.0), jnp.float32(2.0))
    assert float(y) > 1.0 and float(v) < 2.0


def test_no_contact_keeps_state():
    y, v = resolve_contact(jnp.float32(0.5), jnp.float32(-1.0))
    assert float(y) == 0.5 and float(v) == -1.0
