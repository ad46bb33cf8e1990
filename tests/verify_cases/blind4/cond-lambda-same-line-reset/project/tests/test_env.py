import jax.numpy as jnp
import env


def test_rollout_moves_forward():
    s, xs = env.rollout(env.initial_state(), 0.5 * jnp.ones(20))
    assert xs.shape == (20,)
    assert float(xs[-1]) > float(xs[0])
    assert int(s[2]) == 20


def test_single_step():
    s, pos = env.step(env.initial_state(), 1.0)
    assert jnp.allclose(pos, 0.1)
