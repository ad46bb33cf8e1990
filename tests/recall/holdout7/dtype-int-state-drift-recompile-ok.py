# expect: none
# source: https://github.com/OpenSourceEconomics/pylcm/pull/340
# mistake: Looks like the same int64 user state entering a period loop around a jitted int32 transition, but the
#   integer state is cast to int32 once at the API boundary, so the dtype is stable and the transition compiles once.
# case: dtype-int-state-drift-recompile-ok
# kind: lookalike
# rules: none
# jax: symptom RESULT == 2
# pair: dtype-int-state-drift-recompile
# note: The PR's fix: "convert everything to jnp.int32 at the boundary".
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
import numpy as np

TRACES = [0]


@jax.jit
def next_state(wealth, age, consumption_share):
    TRACES[0] += 1
    new_wealth = (wealth * (1.0 - consumption_share)) * 1.03
    new_age = jnp.where(age < 70, age + 1, age).astype(jnp.int32)
    return new_wealth, new_age


def simulate(initial_states, n_periods):
    wealth = jnp.asarray(initial_states["wealth"])
    age = jnp.asarray(initial_states["age"], dtype=jnp.int32)     # pinned at the boundary
    path = []
    for _ in range(n_periods):
        wealth, age = next_state(wealth, age, 0.2)
        path.append(wealth)
    return path


def main():
    initial_states = {
        "wealth": np.linspace(1.0, 10.0, 16),
        "age": np.arange(25, 41),
    }
    simulate(initial_states, n_periods=5)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
