# case: c000-gate-list-applied-under-jit
# source: https://github.com/pasqal-io/horqrux/issues/19
# kind: mistake
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 30
# note: a loop over a list of gate matrices under jit (SCN301 leaves loops over lists alone);
#   stacked and scanned in the look-alike

import jax
import jax.numpy as jnp

GATES = [jnp.array([[jnp.cos(t), -jnp.sin(t)], [jnp.sin(t), jnp.cos(t)]])
         for t in jnp.linspace(0.0, 1.0, 30)]


@jax.jit
def run_circuit(state, gates):
    for gate in gates:
        state = jnp.tanh(gate @ state)
    return state


hlo = run_circuit.lower(jnp.array([1.0, 0.0]), GATES).as_text()
