# expect: none
# source: https://github.com/ACEsuit/mace/issues/1590
# mistake: Look-alike: every frame is padded to one (64 nodes, 1024 edges) bucket with masked dummy edges, so the jitted energy is traced once for the whole trajectory.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as np
import numpy as onp

N_PAD, E_PAD = 64, 1024


@functools.partial(jax.jit, static_argnames=("r_max",))
def total_energy(positions, senders, receivers, edge_mask, r_max=5.0):
    d = np.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    envelope = np.where((d < r_max) & edge_mask, (1.0 - d / r_max) ** 2, 0.0)
    return 0.5 * np.sum(envelope)


def padded_graph(pos, cutoff=5.0):
    d = onp.linalg.norm(pos[:, None] - pos[None], axis=-1)
    s, r = onp.nonzero((d < cutoff) & (d > 0))
    p = onp.zeros((N_PAD, 3), onp.float32)
    p[: len(pos)] = pos
    ss = onp.zeros(E_PAD, onp.int32)
    rr = onp.zeros(E_PAD, onp.int32)
    m = onp.zeros(E_PAD, bool)
    ss[: len(s)], rr[: len(r)], m[: len(s)] = s, r, True
    return p, ss, rr, m


def main():
    rng = onp.random.default_rng(0)
    for n_atoms in (10, 14, 23):
        pos = rng.uniform(0, 6.0, size=(n_atoms, 3)).astype(onp.float32)
        total_energy(*padded_graph(pos))
    assert total_energy._cache_size() == 1


if __name__ == "__main__":
    main()
