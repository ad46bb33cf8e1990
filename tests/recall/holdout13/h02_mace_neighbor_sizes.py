# expect: bug
# source: https://github.com/ACEsuit/mace/issues/1590
# mistake: An MD loop calls the jitted energy on graphs whose (n_nodes, n_edges) change at every neighbour-list rebuild, so each new size is a fresh trace and XLA compile.
# kind: 1 recompiles
import functools

import jax
import jax.numpy as np
import numpy as onp


@functools.partial(jax.jit, static_argnames=("r_max",))
def total_energy(positions, senders, receivers, r_max=5.0):
    d = np.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    envelope = np.where(d < r_max, (1.0 - d / r_max) ** 2, 0.0)
    return 0.5 * np.sum(envelope)


def neighbour_list(pos, cutoff=5.0):
    d = onp.linalg.norm(pos[:, None] - pos[None], axis=-1)
    s, r = onp.nonzero((d < cutoff) & (d > 0))
    return s.astype(onp.int32), r.astype(onp.int32)


def main():
    rng = onp.random.default_rng(0)
    energies = []
    for n_atoms in (10, 14, 23):  # trajectory frames after neighbour-list rebuilds
        pos = rng.uniform(0, 6.0, size=(n_atoms, 3)).astype(onp.float32)
        s, r = neighbour_list(pos)
        energies.append(float(total_energy(pos, s, r)))
    n = total_energy._cache_size()
    if n > 1:
        print(f"SYMPTOM: total_energy compiled {n} times for 3 frames of one trajectory")


if __name__ == "__main__":
    main()
