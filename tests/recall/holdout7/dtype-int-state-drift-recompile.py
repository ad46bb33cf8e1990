# expect: bug
# source: https://github.com/OpenSourceEconomics/pylcm/pull/340
# mistake: The period loop feeds an int64 NumPy state (x64 enabled) into a jitted transition that returns int32, so
#   the state dtype drifts between the first and second period and the transition is traced and compiled twice.
# case: dtype-int-state-drift-recompile
# kind: mistake
# rules: none
# jax: symptom RESULT == 2
# note: The PR found "subtle differences re what int types were used during compilation and runs" when AOT-compiling
#   simulate, and pinned all integer states to int32 at the boundary; here a two-state life-cycle simulation with a
#   user-supplied int64 age array shows the extra compile.
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
    wealth, age = initial_states["wealth"], initial_states["age"]
    path = []
    for _ in range(n_periods):
        wealth, age = next_state(wealth, age, 0.2)
        path.append(wealth)
    return path


def main():
    initial_states = {
        "wealth": np.linspace(1.0, 10.0, 16),
        "age": np.arange(25, 41),                      # NumPy default int64
    }
    simulate(initial_states, n_periods=5)
    return TRACES[0]


if __name__ == "__main__":
    RESULT = main()
