# expect: none
# source: https://github.com/jax-md/jax-md/issues/141
# mistake: the jitted step takes the neighbor list as an argument (`energy_fn(R, neighbor=nbrs)`) and the loop passes the freshly updated `nbrs` each step, so forces always use the current neighbors.
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
    force_fn = jax.grad(lambda R, nbrs: -energy_fn(R, neighbor=nbrs))

    @jax.jit
    def step(R, nbrs):
        return 0.97 * R + 0.01 * force_fn(R, nbrs)

    for i in range(30):
        R = step(R, nbrs)
        nbrs = nbrs.update(R)
    print("energy with the current neighbor list:", float(energy_fn(R, nbrs)))
    print("pairs in range now:", int((nbrs.idx < 32).sum()))
