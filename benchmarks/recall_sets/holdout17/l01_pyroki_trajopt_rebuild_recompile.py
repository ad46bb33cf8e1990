# expect: bug
# source: https://github.com/chungmin99/pyroki/issues/74
# mistake: `solve_trajopt` builds its cost terms as fresh closures over the start/end poses and jits the solve of that freshly built problem on every call, so calling it again in the planning loop (even with identical inputs) re-traces and re-compiles the whole optimisation problem each time.
import jax
import jax.numpy as jnp

BUILDS = {"n": 0}


def make_costs(start_pos, end_pos, timesteps):
    def start_cost(traj):
        return jnp.sum((traj[0] - start_pos) ** 2)

    def end_cost(traj):
        return jnp.sum((traj[-1] - end_pos) ** 2)

    def smoothness_cost(traj):
        return jnp.sum((traj[1:] - traj[:-1]) ** 2)

    return [start_cost, end_cost, smoothness_cost]


def solve_trajopt(start_pos, end_pos, timesteps, dt):
    costs = make_costs(start_pos, end_pos, timesteps)

    @jax.jit
    def solve(traj0):
        BUILDS["n"] += 1  # "Building optimization problem with ... terms"
        total = lambda traj: sum(c(traj) for c in costs)
        def body(i, traj):
            return traj - 0.1 * jax.grad(total)(traj)
        return jax.lax.fori_loop(0, 200, body, traj0)

    return solve(jnp.linspace(start_pos, end_pos, timesteps))


def main():
    start_pos, end_pos = jnp.array([0.5, -0.2, 0.3]), jnp.array([0.5, 0.2, 0.3])
    for plan in range(3):
        traj = solve_trajopt(start_pos, end_pos, timesteps=25, dt=0.02)
    print(f"plans: 3, problem builds/compilations: {BUILDS['n']}, final endpoint: {traj[-1].round(3).tolist()}")
