# expect: bug
# source: https://github.com/google-deepmind/mujoco/issues/1377
# mistake: the rollout's fori_loop upper bound comes from the trajectory config passed through jit as an array, so the loop lowers to a while_loop with a dynamic trip count and jax.grad of the trajectory loss raises "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values".
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BoxStairSystem(NamedTuple):
    mass: jax.Array
    friction: jax.Array
    dt: jax.Array


class TrajectoryConfig(NamedTuple):
    num_steps: jax.Array
    target: jax.Array


def pipeline_step(sys, state, ctrl):
    pos, vel = state
    force = ctrl - sys.friction * vel
    vel = vel + sys.dt * force / sys.mass
    pos = pos + sys.dt * vel
    return pos, vel


def simulate(sys, init_state, controls, num_steps):
    def body(t, state):
        return pipeline_step(sys, state, controls[t])
    return jax.lax.fori_loop(0, num_steps, body, init_state)


def trajectory_loss(controls, sys, cfg):
    pos, vel = simulate(sys, (jnp.zeros(3), jnp.zeros(3)), controls, cfg.num_steps)
    return jnp.sum((pos - cfg.target) ** 2) + 1e-3 * jnp.sum(controls ** 2)


@jax.jit
def loss_and_grad(controls, sys, cfg):
    return jax.value_and_grad(trajectory_loss)(controls, sys, cfg)


def main():
    sys = BoxStairSystem(jnp.float32(1.0), jnp.float32(0.1), jnp.float32(0.01))
    cfg = TrajectoryConfig(num_steps=jnp.int32(100), target=jnp.array([0.5, 0.0, 0.2]))
    controls = jnp.zeros((100, 3))
    print("forward loss:", float(trajectory_loss(controls, sys, cfg)))
    try:
        for it in range(3):
            loss, g = loss_and_grad(controls, sys, cfg)
            controls = controls - 10.0 * g
        print("optimised loss:", float(loss))
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0][:160])
