"""Python `for` loops that `jit` unrolls (the SCN301 facts): the loops and comprehensions of
a function that runs under `jit` (`jit_functions.py`) over `range(...)` or over a Python
sequence whose trip count the file fixes, names or shows by evidence (`trip_counts.py`).
What rolling one of them needs is in `rolling.py`.

Part of the model (ground layer): SCN301 and its fix read these facts; they do not re-derive
them. What this module reads outside the jitted functions is listed in docs/architecture.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.jit_functions import JIT_FUNCTIONS, JitInfo, jitted_functions
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Scope
from scanlint.semantic.trip_counts import (INT_OPERATORS, Counter, Trips, bound_value,
                                           constant_int, range_args)

__all__ = ["JIT_FUNCTIONS", "JitInfo", "JitLoop", "JitComprehension", "jit_loops",
           "jit_comprehensions", "jitted_functions", "counter_for", "range_args",
           "constant_int", "bound_value", "INT_OPERATORS"]


@dataclass(eq=False)
class JitLoop:
    """One `for` loop, over `range(...)` or a Python sequence, in a function that runs
    under `jit`, with its trip count (`counted`: None when fixed only when jax traces)."""

    loop: cst.For
    scope: Scope  # the function the loop runs in
    jitted: Scope  # the function `jit` traces: `scope` itself, or a function around it
    info: JitInfo
    range_args: tuple[cst.BaseExpression, ...] | None  # None: a loop over a sequence
    counted: Trips

    @property
    def index(self) -> str | None:
        target = self.loop.target
        return target.value if isinstance(target, cst.Name) else None

    @property
    def bounds(self) -> tuple[int, int, int] | None:
        """The range's start, stop and step, when the file fixes them."""
        return self.counted.bounds

    @property
    def trips(self) -> int | None:
        return self.counted.count

    @property
    def step(self) -> int | None:
        """The range's step (1 without one; None when it is not a constant)."""
        if self.range_args is None or len(self.range_args) < 3:
            return 1
        return constant_int(self.range_args[2], self.scope)


def jit_loops(model: FileModel) -> list[JitLoop]:
    """Every counted loop in a function that runs under `jit`."""
    return _memoised(model, "_jit_loops", _find_jit_loops, bool(model.for_statements))


def _memoised(model: FileModel, key: str, find, needed: bool):
    """``find(model)`` computed once per model (``FileModel.close`` drops it); [] when not
    ``needed``."""
    cached = model.__dict__.get(key)
    if cached is None:
        cached = model.__dict__[key] = find(model) if needed else []
    return cached


def counter_for(model: FileModel, jitted: Scope, info: JitInfo) -> Counter:
    """The trip counter of one function under jit, made once."""
    counters = model.memo.setdefault("counters", {})
    counter = counters.get(id(jitted))
    if counter is None:
        counter = counters[id(jitted)] = Counter(model, jitted, info.static_params,
                                                 info.params_may_be_static, info.bound_first)
    return counter


def _find_jit_loops(model: FileModel) -> list[JitLoop]:
    jitted = jitted_functions(model)
    found = []
    for loop, scope in model.for_statements:
        outer = _jitted_around(scope, jitted)
        if outer is None or loop.asynchronous is not None:
            continue
        info = jitted[id(outer.node)]
        counter = counter_for(model, outer, info)
        args = range_args(loop.iter, scope)
        counted = counter.range_trips(args, scope) if args is not None else \
            _sequence_trips(counter, loop.iter, scope)
        if counted is not None:
            found.append(JitLoop(loop, scope, outer, info, args, counted))
    return found


def _sequence_trips(counter: Counter, expr: cst.BaseExpression, scope: Scope) -> Trips | None:
    """A loop over a Python sequence whose length the file fixes (`for lo, hi in OFFSETS`,
    `enumerate(...)`, `zip(...)`): its elements are Python values, one step each."""
    length = counter.sequence_length(expr, scope)
    if length is None or length.value is None:
        return None
    return Trips(length.value, length.kind, length.evidence)


@dataclass(eq=False)
class JitComprehension:
    """A comprehension in a function that runs under `jit` whose `for` clauses include
    `range(...)` with trip counts the source fixes: `jit` unrolls it like a loop."""

    node: cst.BaseComp  # the ListComp, SetComp, DictComp or GeneratorExp
    scope: Scope  # the comprehension's own scope
    jitted: Scope
    info: JitInfo
    ranges: tuple[cst.Call, ...]  # its clauses' `range(...)` calls with known counts
    trips: int  # how many elements those clauses make together

    @property
    def elements(self) -> tuple[cst.BaseExpression, ...]:
        node = self.node
        return (node.key, node.value) if isinstance(node, cst.DictComp) else (node.elt,)


def jit_comprehensions(model: FileModel) -> list[JitComprehension]:
    """Every comprehension over ranges with known trip counts under `jit`."""
    return _memoised(model, "_jit_comprehensions", _find_jit_comprehensions,
                     bool(model.comprehensions))


def _find_jit_comprehensions(model: FileModel) -> list[JitComprehension]:
    jitted = jitted_functions(model)
    found = []
    for node, scope in model.comprehensions:
        enclosing = scope.parent
        while enclosing is not None and enclosing.kind == "comprehension":
            enclosing = enclosing.parent  # a comprehension nested in another
        outer = _jitted_around(enclosing, jitted) if enclosing is not None else None
        if outer is None:
            continue
        info = jitted[id(outer.node)]
        defaults = _trip_defaults(outer, info)
        ranges, trips = [], 1
        clause: cst.CompFor | None = node.for_in
        while clause is not None:
            # The first clause's iterable is evaluated outside the comprehension.
            where = scope.parent if clause is node.for_in else scope
            known = _range_bounds(clause.iter, where or scope, defaults)
            if known is not None and clause.asynchronous is None:
                ranges.append(clause.iter)
                trips *= len(range(*known[1]))
            clause = clause.inner_for_in
        if ranges:
            found.append(JitComprehension(node, scope, outer, info, tuple(ranges), trips))
    return found


def _range_bounds(expr: cst.BaseExpression, scope: Scope,
                  defaults: Mapping[int, cst.BaseExpression]
                  ) -> tuple[tuple[cst.BaseExpression, ...], tuple[int, int, int]] | None:
    """`range(...)`'s arguments and its start, stop and step, when the source fixes them."""
    args = range_args(expr, scope)
    if args is None:
        return None
    values = [constant_int(arg, scope, defaults=defaults) for arg in args]
    if None in values or (len(values) == 3 and values[2] == 0):
        return None
    full = [0, *values, 1] if len(values) == 1 else [*values, 1][:3]
    return args, (full[0], full[1], full[2])  # type: ignore[return-value]


def _trip_defaults(jitted: Scope, info: JitInfo) -> dict[int, cst.BaseExpression]:
    """id(param) -> default, for the jitted function's parameters that `jit` traces: such a
    parameter can be a Python int in `range(...)` only when the caller leaves it out, so its
    default is the trip count of every call that traces (`def rollout(x, n_steps=100)`)."""
    from scanlint.semantic.scopes import all_params

    function = jitted.node
    if info.params_may_be_static or not isinstance(function, cst.FunctionDef):
        return {}
    return {id(param): param.default for param in all_params(function.params)
            if param.default is not None and param.name.value not in info.static_params}


def _jitted_around(scope: Scope, jitted: dict[int, JitInfo]) -> Scope | None:
    """The function `jit` traces that runs ``scope``: itself, or a function whose local
    defs (only defs, no class in between) lead to it."""
    current: Scope | None = scope
    while current is not None and current.kind == "function":
        if id(current.node) in jitted:
            return current
        current = current.parent
    return None


def jitted_around(model: FileModel, scope: Scope) -> Scope | None:
    """The function under jit that runs ``scope`` (a function, lambda or comprehension)."""
    while scope is not None and scope.kind in ("comprehension", "lambda"):
        scope = scope.parent  # type: ignore[assignment]
    return _jitted_around(scope, jitted_functions(model)) if scope is not None else None


# The compiled loops a function may offer beside a Python one.
_COMPILED_LOOPS = frozenset({"scan", "fori_loop", "while_loop", "map"})


def compiled_alternative(jl: JitLoop) -> bool:
    """The loop's function chooses between it and a compiled loop on a condition: an `if`
    one of whose branches, not holding the loop, calls `scan`, `fori_loop`, `while_loop` or
    `lax.map` (`if use_scan: ... lax.scan(...)` and the Python loop after it or in the
    other branch): an unroll the author keeps on purpose (jax-gcm's `use_scan=False`,
    climate-analytics-lab/jax-gcm#570)."""
    for node in walk.descendants(jl.scope.node):
        if not isinstance(node, cst.If):
            continue
        branches = [node.body] + ([node.orelse] if node.orelse is not None else [])
        for branch in branches:
            inside = list(walk.descendants(branch))
            if any(n is jl.loop for n in inside):
                continue
            if any(isinstance(n, cst.Call) and _called_name(n.func) in _COMPILED_LOOPS
                   for n in inside):
                return True
    return False


def _called_name(func: cst.BaseExpression) -> str | None:
    """`lax.scan` -> `scan`; a bare name too, except `map` (Python's builtin)."""
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) and func.value != "map" else None
