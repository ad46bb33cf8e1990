# expect: bug
# source: https://github.com/jax-md/jax-md/issues/141
# mistake: `energy_fn_nbrs = partial(energy_fn, neighbor=nbrs)` is built once before the simulation loop and closed over by the jitted step, so every step keeps using the neighbor list of the initial configuration even though `nbrs.update(R)` is called; pairs that come into range are silently missing from the forces and energy.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class NeighborList(NamedTuple):
    idx: jax.Array  # [N, max_neighbors], padded with N

    def update(self, R):
        return allocate(R, capacity=self.idx.shape[1])


R_CUTOFF = 1.0


def allocate(R, capacity=None):
    N = R.shape[0]
    dr = jnp.linalg.norm(R[:, None] - R[None], axis=-1)
    mask = (dr < R_CUTOFF) & ~jnp.eye(N, dtype=bool)
    idx = jnp.where(mask, jnp.arange(N)[None], N)
    idx = jnp.sort(idx, axis=1)
    capacity = capacity or N - 1
    return NeighborList(idx[:, :capacity])


def energy_fn(R, neighbor):
    N = R.shape[0]
    R_pad = jnp.concatenate([R, jnp.full((1, R.shape[1]), 1e6)])
    dr = jnp.linalg.norm(R[:, None] - R_pad[neighbor.idx], axis=-1)
    e = jnp.where((neighbor.idx < N) & (dr < R_CUTOFF), 0.5 * (1 - dr / R_CUTOFF) ** 2, 0.0)
    return 0.5 * jnp.sum(e)


def main():
    key = jax.random.PRNGKey(0)
    R = jax.random.uniform(key, (32, 2)) * 6.0
    nbrs = allocate(R)
    energy_fn_nbrs = partial(energy_fn, neighbor=nbrs)
    force_fn = jax.grad(lambda R: -energy_fn_nbrs(R))

    @jax.jit
    def step(R):
        return 0.97 * R + 0.01 * force_fn(R)  # slow compression of the box

    for i in range(30):
        R = step(R)
        nbrs = nbrs.update(R)
    print("energy seen by the simulation (stale list):", float(energy_fn_nbrs(R)))
    print("energy with the current neighbor list:    ", float(energy_fn(R, nbrs)))
    print("pairs in stale list:", int((energy_fn_nbrs.keywords['neighbor'].idx < 32).sum()),
          "pairs in range now:", int((nbrs.idx < 32).sum()))
