# expect: none
# source: https://github.com/bardhh/cbfkit/pull/333
# mistake: (correct) alpha and control_limit are passed as dynamic JAX inputs to one module-level jitted simulation kernel, so the sweep compiles once and reuses the executable for every combination.
import itertools

import jax
import jax.numpy as jnp

TRACES = [0]

OBSTACLE = jnp.array([1.0, 1.1])
GOAL = jnp.array([2.0, 2.0])


def h(x):
    return jnp.sum((x - OBSTACLE) ** 2) - 0.3 ** 2


def cbf_condition(x, u, alpha):
    return jax.grad(h)(x) @ u + alpha * h(x)


def controller(x, control_limit):
    return jnp.clip(GOAL - x, -control_limit, control_limit)


@jax.jit
def simulate(x0s, alpha, control_limit):
    TRACES[0] += 1
    dt = 0.05

    def step(x, _):
        u = controller(x, control_limit)
        u = jnp.where(cbf_condition(x, u, alpha) < 0, 0.25 * u, u)
        x = x + dt * u
        return x, h(x)

    return jax.vmap(lambda x0: jax.lax.scan(step, x0, None, length=40))(x0s)


def main():
    x0s = jax.random.uniform(jax.random.PRNGKey(0), (3, 2))
    results = {}
    for alpha, control_limit in itertools.product([0.5, 1.0, 2.0], [0.5, 1.0, 2.0]):
        final_x, hs = simulate(x0s, jnp.float32(alpha), jnp.float32(control_limit))
        results[(alpha, control_limit)] = float(hs.min())
    print("combos:", len(results), "simulate traces:", TRACES[0])
    return results


if __name__ == "__main__":
    main()
