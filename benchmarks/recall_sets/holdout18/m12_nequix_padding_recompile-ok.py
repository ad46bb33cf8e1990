# expect: none
# source: https://github.com/atomicarchitects/nequix/pull/22
# mistake: nodes are padded up to the next multiple of 8 and edges to the next multiple of 64 (the PR's fix), so the loop over materials reuses a handful of compiled energy_fn shapes instead of recompiling per material.
import math

import jax
import jax.numpy as jnp
import numpy as np


def pad_graph(positions, senders, receivers, n_node_pad, n_edge_pad):
    n, e = positions.shape[0], senders.shape[0]
    pos = np.zeros((n_node_pad, 3), np.float32); pos[:n] = positions
    snd = np.full((n_edge_pad,), n_node_pad - 1, np.int32); snd[:e] = senders
    rcv = np.full((n_edge_pad,), n_node_pad - 1, np.int32); rcv[:e] = receivers
    node_mask = np.zeros((n_node_pad,), np.float32); node_mask[:n] = 1
    edge_mask = np.zeros((n_edge_pad,), np.float32); edge_mask[:e] = 1
    return pos, snd, rcv, node_mask, edge_mask


@jax.jit
def energy_fn(pos, senders, receivers, node_mask, edge_mask):
    r = jnp.linalg.norm(pos[senders] - pos[receivers] + 1e-9, axis=-1)
    pair = jnp.exp(-r) * edge_mask
    return jnp.sum(pair) + 0.0 * jnp.sum(node_mask)


class NequixCalculator:
    def __init__(self, cutoff=1.5):
        self.cutoff = cutoff

    def graph(self, positions):
        d = np.linalg.norm(positions[:, None] - positions[None], axis=-1)
        s, r = np.nonzero((d < self.cutoff) & (d > 0))
        return s.astype(np.int32), r.astype(np.int32)

    def calculate(self, positions):
        senders, receivers = self.graph(positions)
        n_node_pad = 8 * math.ceil((positions.shape[0] + 1) / 8)
        n_edge_pad = 64 * math.ceil((senders.shape[0] + 1) / 64)
        return energy_fn(*pad_graph(positions, senders, receivers, n_node_pad, n_edge_pad))


def main():
    rng = np.random.default_rng(0)
    calc = NequixCalculator()
    materials = [rng.uniform(0, 2.5, size=(int(n), 3)).astype(np.float32) for n in rng.integers(8, 16, size=12)]
    for atoms in materials:
        calc.calculate(atoms)
    print("materials relaxed:", len(materials), "compiled energy_fn variants:", energy_fn._cache_size())
