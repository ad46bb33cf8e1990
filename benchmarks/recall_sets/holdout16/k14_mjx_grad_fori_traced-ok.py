# expect: none
# source: https://github.com/google-deepmind/mujoco/issues/1377
# mistake: the number of steps is taken from the static shape of the control sequence, so fori_loop has concrete bounds (lowered to a scan) and reverse-mode gradients of the trajectory loss work.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BoxStairSystem(NamedTuple):
    mass: jax.Array
    friction: jax.Array
    dt: jax.Array


def pipeline_step(sys, state, ctrl):
    pos, vel = state
    force = ctrl - sys.friction * vel
    vel = vel + sys.dt * force / sys.mass
    pos = pos + sys.dt * vel
    return pos, vel


def simulate(sys, init_state, controls):
    num_steps = controls.shape[0]

    def body(t, state):
        return pipeline_step(sys, state, controls[t])
    return jax.lax.fori_loop(0, num_steps, body, init_state)


def trajectory_loss(controls, sys, target):
    pos, vel = simulate(sys, (jnp.zeros(3), jnp.zeros(3)), controls)
    return jnp.sum((pos - target) ** 2) + 1e-3 * jnp.sum(controls ** 2)


@jax.jit
def loss_and_grad(controls, sys, target):
    return jax.value_and_grad(trajectory_loss)(controls, sys, target)


def main():
    sys = BoxStairSystem(jnp.float32(1.0), jnp.float32(0.1), jnp.float32(0.01))
    target = jnp.array([0.5, 0.0, 0.2])
    controls = jnp.zeros((100, 3))
    l0 = float(trajectory_loss(controls, sys, target))
    for it in range(3):
        loss, g = loss_and_grad(controls, sys, target)
        controls = controls - 10.0 * g
    print(f"loss {l0:.4f} -> {float(loss):.4f} after 3 gradient steps")
