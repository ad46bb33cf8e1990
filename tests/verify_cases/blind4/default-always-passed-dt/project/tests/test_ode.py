import jax.numpy as jnp
import ode


def test_decays():
    xs = ode.simulate(jnp.ones(3), 10, 0.05)
    assert xs.shape == (10, 3)
    assert float(xs[-1, 0]) < 1.0
