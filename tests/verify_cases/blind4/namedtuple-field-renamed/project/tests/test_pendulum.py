import jax.numpy as jnp
import pendulum


def test_energy_roughly_conserved():
    s0 = pendulum.State(jnp.float32(0.3), jnp.float32(0.0))
    (th, om), thetas = pendulum.rollout(s0, 0.01, 200)
    assert thetas.shape == (200,)
    e0 = pendulum.energy(s0)
    e1 = pendulum.energy((th, om))
    assert abs(float(e1 - e0)) < 1e-2
