# expect: none
# source: https://github.com/extropic-ai/torx/issues/24
# mistake: the circuit structure is built once and a single jitted function over (thetas, obs) is created in __init__, so every decision in the control loop reuses the compiled executable and only the parameters change.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


def build_circuit(n_nodes=6):
    edges = [(i, (i + 1) % n_nodes) for i in range(n_nodes)] + [(0, 3), (1, 4)]
    return {"n_nodes": n_nodes, "edges": tuple(edges)}


def run_circuit(circuit, thetas, obs):
    s = jnp.tanh(obs)
    for (a, b), th in zip(circuit["edges"], thetas):
        s = s.at[b].add(th * s[a])
    return jax.nn.softmax(s)


class Gate:
    def __init__(self):
        circuit = build_circuit()
        self._compiled = jax.jit(lambda th, o: run_circuit(circuit, th, o))

    def decide(self, thetas, obs):
        return self._compiled(thetas, obs)


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    gate = Gate()
    thetas = jnp.full((8,), 0.1)
    obs = jnp.linspace(-1, 1, 6)
    for step in range(5):
        probs = gate.decide(thetas, obs)
        thetas = thetas + 0.01
    print("decisions: 5, traces of the circuit closure:", _TRACES["<lambda>"])
