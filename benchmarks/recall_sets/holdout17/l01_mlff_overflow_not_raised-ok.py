# expect: none
# source: https://github.com/thorben-frank/mlff/pull/33
# mistake: when `neighbors.overflow` is set the calculator re-allocates the neighbor list with a larger capacity and recomputes it before using it, so the MD loop never evaluates energies on a truncated list.
from typing import NamedTuple

import jax
import jax.numpy as jnp

CUTOFF = 1.2


class Neighbors(NamedTuple):
    idx: jax.Array
    overflow: jax.Array


def neighbor_list(positions, capacity_multiplier=1.25):
    n_pairs = int(_pair_mask(positions).sum())
    capacity = int(n_pairs * capacity_multiplier) + 1
    return capacity, update_fn(positions, capacity)


def _pair_mask(R):
    dr = jnp.linalg.norm(R[:, None] - R[None], axis=-1)
    return (dr < CUTOFF) & ~jnp.eye(R.shape[0], dtype=bool)


def update_fn(R, capacity):
    i, j = jnp.nonzero(_pair_mask(R), size=capacity, fill_value=-1)
    return Neighbors(jnp.stack([i, j]), _pair_mask(R).sum() > capacity)


def energy(R, idx):
    valid = idx[0] >= 0
    d = jnp.linalg.norm(R[idx[0]] - R[idx[1]], axis=-1)
    return 0.5 * jnp.sum(jnp.where(valid, (CUTOFF - d) ** 2, 0.0))


class mlffCalculator:
    def __init__(self, R):
        self.capacity, self.neighbors = neighbor_list(R)
        self._update = jax.jit(update_fn, static_argnums=1)
        self.reallocations = 0

    def calculate(self, R):
        neighbors = self._update(R, self.capacity)
        if neighbors.overflow:
            self.capacity, self.neighbors = neighbor_list(R)
            self.reallocations += 1
            neighbors = self._update(R, self.capacity)
            assert not neighbors.overflow
        self.neighbors = neighbors
        return energy(R, neighbors.idx)


def main():
    R = jax.random.uniform(jax.random.PRNGKey(0), (24, 3)) * 3.0
    calc = mlffCalculator(R)
    for step in range(20):
        R = R * 0.97
        e = calc.calculate(R)
    true_e = energy(R, update_fn(R, 24 * 23).idx)
    print(f"re-allocations: {calc.reallocations}, overflow flag: {bool(calc.neighbors.overflow)}")
    print(f"energy reported: {float(e):.3f}  energy with all pairs: {float(true_e):.3f}")
