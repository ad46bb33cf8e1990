# expect: none
# source: https://github.com/chungmin99/pyroki/issues/74
# mistake: like the 06_online_planning example, the solve is a single module-level jitted function and the per-plan quantities (start/end poses) are passed in as array arguments, so replanning in the loop reuses the compiled problem.
import functools

import jax
import jax.numpy as jnp

BUILDS = {"n": 0}


def start_cost(traj, start_pos):
    return jnp.sum((traj[0] - start_pos) ** 2)


def end_cost(traj, end_pos):
    return jnp.sum((traj[-1] - end_pos) ** 2)


def smoothness_cost(traj):
    return jnp.sum((traj[1:] - traj[:-1]) ** 2)


@functools.partial(jax.jit, static_argnames=("timesteps",))
def _solve_trajopt(start_pos, end_pos, timesteps):
    BUILDS["n"] += 1
    total = lambda traj: start_cost(traj, start_pos) + end_cost(traj, end_pos) + smoothness_cost(traj)
    def body(i, traj):
        return traj - 0.1 * jax.grad(total)(traj)
    return jax.lax.fori_loop(0, 200, body, jnp.linspace(start_pos, end_pos, timesteps))


def main():
    start_pos, end_pos = jnp.array([0.5, -0.2, 0.3]), jnp.array([0.5, 0.2, 0.3])
    for plan in range(3):
        traj = _solve_trajopt(start_pos, end_pos + 0.01 * plan, timesteps=25)
    print(f"plans: 3, problem builds/compilations: {BUILDS['n']}, final endpoint: {traj[-1].round(3).tolist()}")
