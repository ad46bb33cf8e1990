"""The functions a file shows running while a `jit` traces (SCN218).

Under `jit` every jax operation is staged into the compiled program, on concrete values
too: what a function stores on an object or in a global while it is traced is a tracer,
computed once, and the compiled program keeps the values it was traced with. This module
finds the jitted functions (decorated, or given to `jax.jit(...)` anywhere) and the file's
functions they call, by name, method or bound method, a few calls deep.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from scanlint.semantic.program import Program, Scope

# Jits that stage plain Python state (NNX's and equinox's track or forbid it: nnx.jit
# carries `nnx.Rngs` state through, equinox modules are frozen).
STAGING = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap"})
_DEPTH = 4  # calls followed from a jitted function


# Loops of jax that trace their body once for every step (the body's Python runs once).
LAX_LOOPS = ("scan", "fori_loop", "while_loop")


@dataclass(frozen=True)
class Traced:
    """A function running under a jit or as a loop's body: the function it is reached from,
    and how."""

    entry: Scope
    jit: ast.AST  # the decorator, the `jax.jit(...)` call, or the loop's call
    depth: int
    tracer: str = "jit"  # "jit", or the loop that traces the body ("fori_loop", ...)


def under_jit(program: Program) -> dict[int, Traced]:
    """id(def) -> how a jit (or a `scan`/`fori_loop`/`while_loop` it is the body of)
    reaches it, for the file's defs that run while one traces."""
    memo = program.__dict__.get("_under_jit")
    if memo is not None:
        return memo
    found: dict[int, Traced] = {}
    frontier = [(scope, Traced(scope, node, 0)) for scope, node in program.transformed(STAGING)]
    frontier += [(function, Traced(function, call, 0, kind))
                 for entries in loop_bodies(program).values()
                 for function, call, kind in entries]
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
                                         Traced(how.entry, how.jit, how.depth + 1,
                                                how.tracer)))
    program.__dict__["_under_jit"] = found
    return found


def loop_bodies(program: Program) -> dict[int, list[tuple[Scope, ast.Call, str]]]:
    """id(function) -> (the function, the loop's call, its kind) for each time the file gives
    it to `jax.lax.scan`/`fori_loop`/`while_loop` (a `partial` too), in the file's order:
    traced once, whatever runs in it runs once for every step (SCN213, SCN218)."""
    from scanlint.semantic.tracing import loop_functions

    found = program.__dict__.get("_loop_bodies")
    if found is not None:
        return found
    program.prepare(re.compile(r"\b(?:" + "|".join(LAX_LOOPS) + r")\b"))
    found = program.__dict__["_loop_bodies"] = {}
    for site in list(program.calls):
        q = program.qualified(site.node.func, site.scope) or ""
        kind = q.rpartition(".")[2]
        if not q.startswith("jax.lax.") or kind not in LAX_LOOPS:
            continue
        for _, given in loop_functions(site.node, kind):
            for target in program.targets(given, site.scope):
                found.setdefault(id(target.function), []).append(
                    (target.function, site.node, kind))
    return found
