# expect: bug
# source: https://github.com/extropic-ai/torx/issues/24
# mistake: the decision function rebuilds the circuit topology and wraps a new jax.jit closure over it on every call, so each decision in the control loop re-traces and recompiles the whole data-independent structure even though only the thetas change.
import collections

import jax
import jax.numpy as jnp
import jax.monitoring

_TRACES = collections.Counter()


def _count(event, duration, **kw):
    if event == "/jax/core/compile/jaxpr_trace_duration":
        _TRACES[kw.get("fun_name")] += 1


def build_circuit(n_nodes=6):
    # static topology: a ring with a few chords
    edges = [(i, (i + 1) % n_nodes) for i in range(n_nodes)] + [(0, 3), (1, 4)]
    return {"n_nodes": n_nodes, "edges": tuple(edges)}


def run_circuit(circuit, thetas, obs):
    s = jnp.tanh(obs)
    for (a, b), th in zip(circuit["edges"], thetas):
        s = s.at[b].add(th * s[a])
    return jax.nn.softmax(s)


class Gate:
    def decide(self, thetas, obs):
        circuit = build_circuit()
        compiled = jax.jit(lambda th, o: run_circuit(circuit, th, o))
        return compiled(thetas, obs)


def main():
    jax.monitoring.register_event_duration_secs_listener(_count)
    gate = Gate()
    thetas = jnp.full((8,), 0.1)
    obs = jnp.linspace(-1, 1, 6)
    for step in range(5):
        probs = gate.decide(thetas, obs)
        thetas = thetas + 0.01
    print("decisions: 5, traces of the circuit closure:", _TRACES["<lambda>"])
