# expect: none
# source: https://github.com/jax-md/jax-md/issues/255
# mistake: none; the per-box-entry check is reduced with `jnp.any` before it is ORed into the scalar error code, so the neighbor list keeps its shape across `fori_loop` iterations.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class NeighborList(NamedTuple):
    idx: jax.Array
    reference_position: jax.Array
    error: jax.Array  # uint8 error code

    def update(self, position, box, r_cutoff):
        # overflow / box-too-small checks, as bit flags
        too_small = (jnp.diag(jnp.diag(box)) < 2.0 * r_cutoff) & (box != 0)
        error = self.error | (jnp.any(too_small).astype(jnp.uint8) << 1)
        return NeighborList(self.idx, position, error)


class NPTState(NamedTuple):
    position: jax.Array
    momentum: jax.Array
    box: jax.Array


def run_npt_simulation(P, N_rep, dt, kT, r_cutoff_lj, steps, write_every):
    dimension = 2
    lattice_constant = 1.37820
    box_size = N_rep * lattice_constant
    R = []
    for i in range(N_rep):
        for j in range(N_rep):
            R += [[i / box_size, j / box_size]]
    R = jnp.array(R)
    box = box_size * jnp.eye(dimension)
    n = R.shape[0]
    nbrs = NeighborList(jnp.zeros((n, 8), jnp.int32), R, jnp.zeros((), jnp.uint8))
    state = NPTState(R, jnp.zeros_like(R), box)

    def apply_fn(state, P, kT):
        force = -jnp.sin(2 * jnp.pi * state.position)
        momentum = state.momentum + dt * force
        position = (state.position + dt * momentum) % 1.0
        box = state.box * (1.0 + 1e-4 * (kT - P))
        return NPTState(position, momentum, box)

    log = {"kT": jnp.zeros((steps // write_every,)), "P": jnp.zeros((steps // write_every,))}

    def step_fn(i, state_nbrs_log):
        state, nbrs, log = state_nbrs_log
        t = i * dt
        log["kT"] = lax.cond(i % write_every == 0,
                             lambda kt: kt.at[i // write_every].set(jnp.mean(state.momentum ** 2)),
                             lambda kt: kt, log["kT"])
        state = apply_fn(state, P=P, kT=kT)
        nbrs = nbrs.update(state.position, box=state.box, r_cutoff=r_cutoff_lj)
        return state, nbrs, log

    state, nbrs, log = lax.fori_loop(0, steps, step_fn, (state, nbrs, log))
    return state, nbrs, log


def main():
    try:
        state, nbrs, log = run_npt_simulation(P=0.1, N_rep=4, dt=1e-3, kT=1.0, r_cutoff_lj=2.5, steps=100, write_every=10)
        print("error code:", nbrs.error, "kT log:", log["kT"][:3])
    except Exception as e:  # noqa: BLE001
        print(f"{type(e).__name__}: {' '.join(str(e).split())[:260]}")


if __name__ == "__main__":
    main()
