# case: e301-jit-dunder-call-levels
# source: https://github.com/jaxleyverse/jaxley/issues/684
# kind: mistake
# rules: SCN301
# jax: symptom trace_chars(80) > 20 * trace_chars(2)
# note: a tree-structured (Hines-style) voltage solve whose triangulation loops
#   `for i in range(len(self.flipped_comp_edges))` over the levels of the neuron, inside
#   __call__ of a solver object jitted as jax.jit(solver.__call__); jaxley's GPU path did
#   the same unroll in a module-level function with several more arrays in the carry.

import jax
import jax.numpy as jnp
import numpy as np


def comp_based_triang(index, carry):
    diags, solves, lowers, uppers, flipped_comp_edges = carry
    child, parent = flipped_comp_edges[index][:, 0], flipped_comp_edges[index][:, 1]
    multiplier = uppers[child] / diags[child]
    diags = diags.at[parent].add(-lowers[child] * multiplier)
    solves = solves.at[parent].add(-solves[child] * multiplier)
    return diags, solves, lowers, uppers, flipped_comp_edges


class ChainSolver:
    def __init__(self, n_comps):
        # one edge (child, parent) per level for an unbranched cable
        self.flipped_comp_edges = np.array([[[i + 1, i]] for i in reversed(range(n_comps - 1))])
        self.n_comps = n_comps

    def __call__(self, diags, solves, lowers, uppers):
        for i in range(len(self.flipped_comp_edges)):
            diags, solves, _, _, _ = comp_based_triang(
                i, (diags, solves, lowers, uppers, self.flipped_comp_edges))
        return solves / diags


def trace_chars(n_comps):
    solver = ChainSolver(n_comps)
    ones = jnp.ones(n_comps)
    return len(str(jax.make_jaxpr(jax.jit(solver.__call__))(3.0 * ones, ones, -ones, -ones)))


solver = ChainSolver(6)
ones = jnp.ones(6)
print(jax.jit(solver.__call__)(3.0 * ones, ones, -ones, -ones))
print(trace_chars(80), trace_chars(2))
