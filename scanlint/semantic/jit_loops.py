"""Python `for` loops that `jit` unrolls (the SCN3xx facts): which functions run under `jit`
(decorated with it, or wrapped by a module-level `fast = jax.jit(simulate)`), and their
`for ... in range(...)` loops whose trip count the source fixes. What rolling one of them
needs is in `rolling.py`.

Part of the model (ground layer): SCN301 and its fix read these facts; they do not re-derive
them. What this module reads outside the jitted functions is listed in docs/architecture.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

import libcst as cst

from scanlint.semantic.model import PARTIAL_NAMES, FileModel
from scanlint.semantic.scopes import Binding, Scope, StubBinding, all_params, lookup, qualified_name

# What applies `jit` to a function, and whether its other arguments may be Python values:
# equinox's filter_jit makes every non-array argument static.
JIT_FUNCTIONS = {
    "jax.jit": False, "jax._src.api.jit": False, "flax.nnx.jit": False,
    "equinox.filter_jit": True,
}


# -- functions under jit ------------------------------------------------------------------------
@dataclass(frozen=True)
class JitInfo:
    """How one function comes to run under `jit`."""

    how: str  # "decorator" or "wrapped" (`fast = jax.jit(simulate)` at module level)
    static_params: frozenset[str] = frozenset()
    params_may_be_static: bool = False  # static_argnums not literal, or equinox.filter_jit


@dataclass(eq=False)
class JitLoop:
    """One `for VAR in range(...)` loop in a function that runs under `jit`."""

    loop: cst.For
    scope: Scope  # the function the loop runs in
    jitted: Scope  # the function `jit` traces: `scope` itself, or a function around it
    info: JitInfo
    range_args: tuple[cst.BaseExpression, ...]
    bounds: tuple[int, int, int]  # the range's start, stop, step
    trips: int

    @property
    def index(self) -> str | None:
        target = self.loop.target
        return target.value if isinstance(target, cst.Name) else None


def jit_loops(model: FileModel) -> list[JitLoop]:
    """Every range loop with a known trip count in a function that runs under `jit`."""
    return _memoised(model, "_jit_loops", _find_jit_loops, bool(model.for_statements))


def _memoised(model: FileModel, key: str, find, needed: bool):
    """``find(model)`` computed once per model (``FileModel.close`` drops it); [] when not
    ``needed``."""
    cached = model.__dict__.get(key)
    if cached is None:
        cached = model.__dict__[key] = find(model) if needed else []
    return cached


def _find_jit_loops(model: FileModel) -> list[JitLoop]:
    jitted = jitted_functions(model)
    found = []
    for loop, scope in model.for_statements:
        outer = _jitted_around(scope, jitted)
        if outer is None or loop.asynchronous is not None:
            continue
        defaults = _trip_defaults(outer, jitted[id(outer.node)])
        known = _range_bounds(loop.iter, scope, defaults)
        if known is not None:
            args, bounds = known
            found.append(JitLoop(loop, scope, outer, jitted[id(outer.node)], args, bounds,
                                 len(range(*bounds))))
    return found


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
        defaults = _trip_defaults(outer, jitted[id(outer.node)])
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
            found.append(JitComprehension(node, scope, outer, jitted[id(outer.node)],
                                          tuple(ranges), trips))
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


def jitted_functions(model: FileModel) -> dict[int, JitInfo]:
    """id(def) -> how it runs under jit, for decorated defs and module-level wraps.

    Only the parsed scopes are asked (`walk_parsed`), and a module-level wrap of a def the
    sliced parse left out (a stub) is passed over: they could only add functions whose loops
    are not there. The selection keeps every top-level statement that may hold a loop under
    jit (`syntax.statement_may_hold_jit_loop`): a def a jit decorates or wraps by name
    with a `range` loop whose trip count may be known, nested defs and classes included, and
    every module-level statement wrapping such a def. A stub holds no such loop, so nothing
    it would add can give a JitLoop (benchmarks/slice_equivalence.py checks the findings).
    Computed once per model: the loops and the comprehensions both ask."""
    return _memoised(model, "_jitted", _find_jitted_functions, True)


def _find_jitted_functions(model: FileModel) -> dict[int, JitInfo]:
    found: dict[int, JitInfo] = {}
    for scope in model.module_scope.walk_parsed():
        if scope.outside_slice:
            continue
        if scope.kind == "function" and isinstance(scope.node, cst.FunctionDef):
            for decorator in scope.node.decorators:
                info = _jit_applied(decorator.decorator, scope.parent or scope, scope.node,
                                    "decorator")
                if info is not None:
                    found[id(scope.node)] = _merged(found.get(id(scope.node)), info)
    for call, scope in model.calls:
        if scope.kind != "module" or not call.args:
            continue
        wrapped = _wrapped_def(model, call, scope)
        if wrapped is not None:
            function, bound = wrapped
            info = _jit_info(call, scope, function, "wrapped", skip=1, bound=bound)
            if info is not None:
                found[id(function)] = _merged(found.get(id(function)), info)
    return found


def _merged(old: JitInfo | None, new: JitInfo) -> JitInfo:
    if old is None:
        return new
    return JitInfo(old.how, old.static_params | new.static_params,
                   old.params_may_be_static or new.params_may_be_static)


def _jit_kind(scope: Scope, expr: cst.BaseExpression) -> bool | None:
    """Whether ``expr`` names a jit (its value: whether params may be static), else None."""
    return JIT_FUNCTIONS.get(qualified_name(scope, expr) or "")


def _jit_applied(expr: cst.BaseExpression, scope: Scope, function: cst.FunctionDef,
                 how: str) -> JitInfo | None:
    """`@jax.jit`, `@jax.jit(static_argnames=...)`, `@partial(jax.jit, ...)`."""
    if _jit_kind(scope, expr) is not None:
        return JitInfo(how, frozenset(), bool(_jit_kind(scope, expr)))
    if not isinstance(expr, cst.Call):
        return None
    if _jit_kind(scope, expr.func) is not None:
        return _jit_info(expr, scope, function, how, skip=0)
    if qualified_name(scope, expr.func) in PARTIAL_NAMES and expr.args and _jit_kind(
            scope, expr.args[0].value) is not None and expr.args[0].keyword is None:
        return _jit_info(expr, scope, function, how, skip=1, jit=expr.args[0].value)
    return None


def _wrapped_def(model: FileModel, call: cst.Call, scope: Scope):
    """(def, names bound by partial) for `jax.jit(simulate)` or `jax.jit(partial(simulate,
    ...))` where `simulate` is a module-level def, else None."""
    if _jit_kind(scope, call.func) is None:
        return None
    first = call.args[0]
    if first.keyword is not None or first.star:
        return None
    target, bound = first.value, frozenset()
    if isinstance(target, cst.Call) and qualified_name(scope, target.func) in PARTIAL_NAMES:
        if not target.args or target.args[0].keyword is not None or target.args[0].star:
            return None
        function = _module_def(model, target.args[0].value)
        if function is None:
            return None
        bound = _partial_bound(function, target.args[1:])
        return (function, bound) if bound is not None else None
    function = _module_def(model, target)
    return (function, bound) if function is not None else None


def _module_def(model: FileModel, expr: cst.BaseExpression) -> cst.FunctionDef | None:
    if not isinstance(expr, cst.Name):
        return None
    bindings = model.module_scope.bindings.get(expr.value, [])
    if len(bindings) == 1 and bindings[0].kind == "def":
        if isinstance(bindings[0], StubBinding):
            return None  # no loop of it is parsed (see jitted_functions)
        node = bindings[0].node
        return node if isinstance(node, cst.FunctionDef) else None
    return None


def _partial_bound(function: cst.FunctionDef, args) -> frozenset[str] | None:
    """The parameters a `partial(f, ...)` binds (Python values, so static), or None."""
    positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    bound: set[str] = set()
    for n, arg in enumerate(args):
        if arg.star:
            return None
        if arg.keyword is not None:
            bound.add(arg.keyword.value)
        elif n < len(positional):
            bound.add(positional[n])
    return frozenset(bound)


def _jit_info(call: cst.Call, scope: Scope, function: cst.FunctionDef, how: str, skip: int,
              bound: frozenset[str] = frozenset(), jit: cst.BaseExpression | None = None,
              ) -> JitInfo | None:
    """The static parameters that a jit call's `static_argnums`/`static_argnames` name."""
    positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    static, unknown = set(bound), bool(_jit_kind(scope, jit if jit is not None else call.func))
    for arg in call.args[skip:]:
        if arg.keyword is None:
            continue
        key = arg.keyword.value
        if key not in ("static_argnums", "static_argnames"):
            continue
        values = _literal_items(arg.value)
        if values is None:
            unknown = True
            continue
        for value in values:
            in_range = isinstance(value, int) and -len(positional) <= value < len(positional)
            if key == "static_argnums" and in_range:
                static.add(positional[value])
            elif key == "static_argnames" and isinstance(value, str):
                static.add(value)
            else:
                unknown = True
    return JitInfo(how, frozenset(static), unknown)


def _literal_items(expr: cst.BaseExpression) -> list | None:
    """`1`, `"n"`, `(0, 2)`, `["n", "m"]` as Python values, else None."""
    if isinstance(expr, (cst.Tuple, cst.List)):
        items = [_literal_items(e.value) for e in expr.elements]
        return None if any(i is None or len(i) != 1 for i in items) else [i[0] for i in items]
    if isinstance(expr, cst.Integer):
        return [int(expr.evaluated_value)]
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) \
            and isinstance(expr.expression, cst.Integer):
        return [-int(expr.expression.evaluated_value)]
    if isinstance(expr, cst.SimpleString):
        return [expr.evaluated_value]
    return None


# -- trip counts ----------------------------------------------------------------------------
def range_args(expr: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, ...] | None:
    """The arguments of a call to the builtin `range` (one to three, positional)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)
            and expr.func.value == "range" and 1 <= len(expr.args) <= 3):
        return None
    if lookup(scope, "range")[1] or any(a.keyword is not None or a.star for a in expr.args):
        return None
    return tuple(a.value for a in expr.args)


INT_OPERATORS = {
    cst.Add: lambda a, b: a + b, cst.Subtract: lambda a, b: a - b,
    cst.Multiply: lambda a, b: a * b, cst.FloorDivide: lambda a, b: a // b,
    cst.Modulo: lambda a, b: a % b,
    cst.Power: lambda a, b: a ** b if 0 <= b <= 64 and abs(a) <= 2**16 else None,
}


def constant_int(expr: cst.BaseExpression, scope: Scope, depth: int = 0,
                 defaults: Mapping[int, cst.BaseExpression] = MappingProxyType({}),
                 ) -> int | None:
    """The value of an int expression made of literals, names bound once to such
    expressions (module-level or local constants; parameters whose default ``defaults``
    gives), and `+ - * // % **`; else None."""
    if depth > 20:
        return None
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        value = constant_int(expr.expression, scope, depth + 1, defaults)
        if value is None:
            return None
        return -value if isinstance(expr.operator, cst.Minus) else value
    if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in INT_OPERATORS:
        left = constant_int(expr.left, scope, depth + 1, defaults)
        right = constant_int(expr.right, scope, depth + 1, defaults)
        if left is None or right is None or (right == 0 and isinstance(
                expr.operator, (cst.FloorDivide, cst.Modulo))):
            return None
        return INT_OPERATORS[type(expr.operator)](left, right)
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        if len(bindings) != 1:
            return None
        binding = bindings[0]
        if binding.kind in ("assign", "annassign"):
            value = bound_value(binding)
            if value is not None:
                return constant_int(value, binding.scope, depth + 1, defaults)
        elif binding.kind == "param" and id(binding.node) in defaults:
            return constant_int(defaults[id(binding.node)], binding.scope.parent or binding.scope,
                                depth + 1)
    return None


def bound_value(binding: Binding) -> cst.BaseExpression | None:
    """The value an assignment gives the binding's name: `n = 10`, or its element of
    `(steps, n) = (10, 128)`."""
    if binding.assigned_value is not None:
        return binding.assigned_value
    node = binding.node
    if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
        return None
    target, value = node.targets[0].target, node.value
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List))
            and len(target.elements) == len(value.elements)):
        return None
    for name, element in zip(target.elements, value.elements):
        if isinstance(element, cst.StarredElement) or isinstance(name, cst.StarredElement):
            return None
        if isinstance(name.value, cst.Name) and name.value.value == binding.name:
            return element.value
    return None
