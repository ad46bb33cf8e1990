"""What the file's visible calls of a function pass for one of its parameters: the evidence
SCN3xx reads a trip count (`n = 200` at the call on line 52) or an object's class from.

A call counts when it calls the function by name (`f(x, 200)`), through a name or call a jit,
a tracing transformation or `jax.make_jaxpr` makes of it (`fast = jax.jit(f,
static_argnums=1)`, then `fast(x, 200)`; `jax.make_jaxpr(fast, static_argnums=1)(x, 200)`),
or through `functools.partial` (`partial(f, n=200)`: the bound value; a later call of the
partial, with the positions it leaves). A class's `__init__` parameters are what the calls of
the class pass. Other reads of the name (stored, passed elsewhere) show no call and are left
out: this is evidence, not every value the parameter takes.

Part of the model (ground layer), read by `jit_functions.py` and `trip_counts.py`. Every read
of a name is found through `FileModel.references`, which raises OutsideSlice when a stub
may read it (the engine then parses the callers).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.model import PARTIAL_NAMES, FileModel
from scanlint.semantic.scopes import Binding, Scope, StubBinding, qualified_name

# Calls that return the function they are given, called later with the same positions.
WRAPPERS = frozenset({"jax.jit", "jax._src.api.jit", "flax.nnx.jit", "equinox.filter_jit",
                      "jax.make_jaxpr", "jax.grad", "jax.value_and_grad", "jax.vmap",
                      "jax.checkpoint", "jax.remat", "jax.named_call"})
# Methods of a jitted function that trace it with the arguments they are given.
AHEAD_OF_TIME = frozenset({"lower", "trace", "eval_shape"})
_DEPTH = 3


@dataclass(frozen=True)
class Passed:
    """One visible value a parameter takes: the expression, the scope it is evaluated in,
    and the call that passes it (None for a `partial`'s bound value)."""

    expr: cst.BaseExpression
    scope: Scope
    call: cst.CSTNode | None


def passed_arguments(model: FileModel, binding: Binding) -> list[Passed]:
    """What each visible call of the function whose parameter ``binding`` is passes for it."""
    function = binding.scope.node
    param = binding.node
    if binding.kind != "param" or not isinstance(function, cst.FunctionDef) \
            or not isinstance(param, cst.Param):
        return []
    definer = binding.scope.parent
    params = function.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    name = param.name.value
    keyword_only = any(p is param for p in function.params.kwonly_params)
    position = None if keyword_only or name not in positional else positional.index(name)
    if definer is None:
        return []
    names: list[Binding] = []
    if definer.kind == "class" and function.name.value == "__init__" and position:
        position -= 1  # `Class(...)` passes what follows `self`
        names = _bindings_of(definer.parent, getattr(definer.node, "name", None), "class")
    elif definer.kind in ("module", "function"):
        names = _bindings_of(definer, function.name, "def")
    found: list[Passed] = []
    for owner in names:
        found += _passed_through(model, owner, name, position, 0)
    return found


def _bindings_of(scope: Scope | None, name: cst.Name | None, kind: str) -> list[Binding]:
    if scope is None or name is None:
        return []
    bindings = scope.bindings.get(name.value, [])
    return bindings if len(bindings) == 1 and bindings[0].kind == kind else []


def _passed_through(model: FileModel, owner: Binding, name: str, position: int | None,
                    depth: int) -> list[Passed]:
    """The values calls through the name ``owner`` binds pass for the parameter ``name``
    (at ``position`` when positional)."""
    if depth > _DEPTH:
        return []
    found: list[Passed] = []
    parents = parents_of(model)
    for reference, scope in model.references(owner):
        found += _from_use(model, reference, scope, name, position, parents, depth)
    return found


def _from_use(model: FileModel, expr: cst.CSTNode, scope: Scope, name: str,
              position: int | None, parents: dict, depth: int) -> list[Passed]:
    """What the use ``expr`` of the function (or of a wrapper of it) passes."""
    parent = parents.get(id(expr))
    if isinstance(parent, cst.Attribute) and parent.value is expr and parent.attr.value in \
            AHEAD_OF_TIME:  # `fast.lower(x, 200)`: traced with those arguments
        expr, parent = parent, parents.get(id(parent))
    if isinstance(parent, cst.Call) and parent.func is expr:
        passed = _argument(parent, name, position)
        return [] if passed is None else [Passed(passed, scope, parent)]
    if not isinstance(parent, cst.Arg) or parent.keyword is not None or parent.star:
        return []
    call = parents.get(id(parent))
    if not (isinstance(call, cst.Call) and call.args and call.args[0] is parent):
        return []
    wrapper = qualified_name(scope, call.func)
    if wrapper in PARTIAL_NAMES:
        bound = _argument(call, name, position, skip=1)
        if bound is not None:
            return [Passed(bound, scope, None)]
        if position is not None:
            position -= sum(1 for a in call.args[1:] if a.keyword is None)
            if position < 0:
                return []
    elif wrapper not in WRAPPERS:
        return []
    return _wrapped_use(model, call, scope, name, position, parents, depth)


def _wrapped_use(model: FileModel, wrapper: cst.Call, scope: Scope, name: str,
                 position: int | None, parents: dict, depth: int) -> list[Passed]:
    """A wrapper of the function, called at once (`jax.jit(f)(x, 200)`), bound to a name
    (`fast = jax.jit(f)`), or wrapped again."""
    parent = parents.get(id(wrapper))
    if isinstance(parent, cst.Call) and parent.func is wrapper or isinstance(parent, cst.Arg):
        return _from_use(model, wrapper, scope, name, position, parents, depth + 1)
    if isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(
            parent.targets[0].target, cst.Name):
        target = parent.targets[0].target.value
        bindings = scope.bindings.get(target, [])
        if len(bindings) == 1 and not isinstance(bindings[0], StubBinding):
            return _passed_through(model, bindings[0], name, position, depth + 1)
    return []


def _argument(call: cst.Call, name: str, position: int | None,
              skip: int = 0) -> cst.BaseExpression | None:
    """The argument ``call`` gives the parameter (by keyword, or at ``position``)."""
    index = 0
    for arg in call.args[skip:]:
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == name:
                return arg.value
        else:
            if position is not None and index == position:
                return arg.value
            index += 1
    return None


def parents_of(model: FileModel) -> dict[int, cst.CSTNode]:
    """id(node) -> its parent, over the parsed module (stubs are single strings), once."""
    cached = model.memo.get("parents")
    if cached is None:
        cached = model.memo["parents"] = {}
        stack: list[cst.CSTNode] = [model.module]
        while stack:
            node = stack.pop()
            for child in walk.children(node):
                cached[id(child)] = node
                stack.append(child)
    return cached


def call_line(model: FileModel, passed: Passed) -> int | None:
    """The line of the call that passes the value (or of a `partial`'s bound value)."""
    return node_line(model, passed.call if passed.call is not None else passed.expr)


def node_line(model: FileModel, node: cst.CSTNode) -> int | None:
    """The line ``node`` starts on, found through its statement (cheap positions)."""
    parents = parents_of(model)
    statement: cst.CSTNode | None = node
    while statement is not None and not isinstance(statement, (
            cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        statement = parents.get(id(statement))
    try:
        return model.range_of(node, statement).start.line
    except KeyError:
        return None
