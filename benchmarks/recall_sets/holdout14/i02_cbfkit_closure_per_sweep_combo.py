# expect: bug
# source: https://github.com/bardhh/cbfkit/pull/333
# mistake: every parameter combination of the sweep builds fresh barrier and controller closures that capture alpha and control_limit and jits a new simulate function around them, so each combination is a jit cache miss and a full retrace/recompile.
import itertools

import jax
import jax.numpy as jnp

TRACES = [0]


def make_barrier(obstacle, radius, alpha):
    def h(x):
        return jnp.sum((x - obstacle) ** 2) - radius ** 2

    def cbf_condition(x, u):
        return jax.grad(h)(x) @ u + alpha * h(x)

    return h, cbf_condition


def make_controller(goal, control_limit):
    def controller(x):
        return jnp.clip(goal - x, -control_limit, control_limit)

    return controller


def conduct_monte_carlo(alpha, control_limit, x0s, num_steps=40, dt=0.05):
    obstacle = jnp.array([1.0, 1.1])
    goal = jnp.array([2.0, 2.0])
    h, cbf_condition = make_barrier(obstacle, 0.3, alpha)
    controller = make_controller(goal, control_limit)

    def step(x, _):
        u = controller(x)
        u = jnp.where(cbf_condition(x, u) < 0, 0.25 * u, u)
        x = x + dt * u
        return x, h(x)

    @jax.jit
    def simulate(x0s):
        TRACES[0] += 1
        return jax.vmap(lambda x0: jax.lax.scan(step, x0, None, length=num_steps))(x0s)

    return simulate(x0s)


def main():
    x0s = jax.random.uniform(jax.random.PRNGKey(0), (3, 2))
    results = {}
    for alpha, control_limit in itertools.product([0.5, 1.0, 2.0], [0.5, 1.0, 2.0]):
        final_x, hs = conduct_monte_carlo(alpha, control_limit, x0s)
        results[(alpha, control_limit)] = float(hs.min())
    print("combos:", len(results), "simulate traces:", TRACES[0])
    return results


if __name__ == "__main__":
    main()
