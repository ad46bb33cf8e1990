# case: h201-list-init-from-caller-ok
# source: https://github.com/jax-ml/jax/pull/1551
# kind: lookalike
# rules: SCN201
# jax: runs
# pair: h201-list-init-from-caller

from jax import lax
import jax.numpy as jnp

def integrate(state0, forces):
    def step(state, f):
        pos, vel = state
        vel = vel + 0.1 * f
        return (pos + 0.1 * vel, vel), pos
    return lax.scan(step, state0, forces)

traj = integrate((jnp.zeros(2), jnp.zeros(2)), jnp.ones((4, 2)))
