"""The functions a file shows running while a `jit` traces (SCN218).

Under `jit` every jax operation is staged into the compiled program, on concrete values
too: what a function stores on an object or in a global while it is traced is a tracer,
computed once, and the compiled program keeps the values it was traced with. This module
finds the jitted functions (decorated, or given to `jax.jit(...)` anywhere) and the file's
functions they call, by name, method or bound method, a few calls deep.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from scanlint.semantic.program import Program, Scope

# Jits that stage plain Python state (NNX's and equinox's track or forbid it: nnx.jit
# carries `nnx.Rngs` state through, equinox modules are frozen).
STAGING = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap"})
_DEPTH = 4  # calls followed from a jitted function


@dataclass(frozen=True)
class Traced:
    """A function running under a jit: the jitted function it is reached from, and how."""

    entry: Scope
    jit: ast.AST  # the decorator or the `jax.jit(...)` call
    depth: int


def under_jit(program: Program) -> dict[int, Traced]:
    """id(def) -> how a jit reaches it, for the file's defs that run while a jit traces."""
    memo = program.__dict__.get("_under_jit")
    if memo is not None:
        return memo
    found: dict[int, Traced] = {}
    frontier = [(scope, Traced(scope, node, 0)) for scope, node in program.transformed(STAGING)]
    while frontier:
        scope, how = frontier.pop()
        if id(scope.node) in found:
            continue
        found[id(scope.node)] = how
        if how.depth >= _DEPTH:
            continue
        for node in program.own_nodes(scope):
            if isinstance(node, ast.Call):
                for target in program.targets(node.func, scope):
                    if id(target.function.node) not in found:
                        frontier.append((target.function,
                                         Traced(how.entry, how.jit, how.depth + 1)))
    program.__dict__["_under_jit"] = found
    return found


