# case: h201-list-init-from-caller
# source: https://github.com/jax-ml/jax/pull/1551
# kind: mistake
# rules: SCN201
# jax: raises must have the same pytree structure
# note: variant: the init (a list) is passed by the caller in the same file; the body returns a
#   tuple

from jax import lax
import jax.numpy as jnp

def integrate(state0, forces):
    def step(state, f):
        pos, vel = state
        vel = vel + 0.1 * f
        return (pos + 0.1 * vel, vel), pos
    return lax.scan(step, state0, forces)

traj = integrate([jnp.zeros(2), jnp.zeros(2)], jnp.ones((4, 2)))
