"""A 1-D point mass that resets when it leaves the track or runs out of time."""
import jax
import jax.numpy as jnp
from jax import lax

START = 0.0


@jax.jit
def step(state, action):
    pos, vel, t = state
    vel = 0.9 * vel + 0.1 * action
    pos = pos + vel
    t = t + 1
    done = (jnp.abs(pos) > 10.0) | (t >= 200)
    state = lax.cond(done, lambda s: (s[0] * 0.0 + START, s[1] * 0.0, s[2] * 0), lambda s: s, (pos, vel, t))
    return state, pos


def rollout(state, actions):
    return lax.scan(step, state, actions)


def initial_state():
    return (jnp.float32(START), jnp.float32(0.0), jnp.int32(0))
