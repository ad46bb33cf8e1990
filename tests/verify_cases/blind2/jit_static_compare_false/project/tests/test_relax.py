import jax.numpy as jnp

from sim.relax import Config, final_state, rollout


def test_shapes():
    xT, xs = rollout(Config(n_steps=5), jnp.ones(3))
    assert xs.shape == (5, 3) and xT.shape == (3,)


def test_decay():
    x = final_state(Config(), jnp.ones(2))
    assert jnp.allclose(x, 0.9 ** 10)


def test_damping_speeds_decay():
    undamped = final_state(Config(), jnp.ones(2))
    damped = final_state(Config(damping=0.5), jnp.ones(2))
    assert jnp.all(damped < undamped)
