# case: c000-gate-list-applied-under-jit-ok
# source: https://github.com/pasqal-io/horqrux/issues/19
# kind: lookalike
# rules: none
# jax: symptom hlo.count('stablehlo.tanh') >= 30
# pair: c000-gate-list-applied-under-jit

import jax
import jax.numpy as jnp

GATES = [jnp.array([[jnp.cos(t), -jnp.sin(t)], [jnp.sin(t), jnp.cos(t)]])
         for t in jnp.linspace(0.0, 1.0, 30)]


@jax.jit
def run_circuit(state, gates):
    def apply(state, gate):
        return jnp.tanh(gate @ state), None
    return jax.lax.scan(apply, state, jnp.stack(gates))[0]


hlo = run_circuit.lower(jnp.array([1.0, 0.0]), GATES).as_text()
