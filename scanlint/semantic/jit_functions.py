"""Which functions run under `jit` (the SCN3xx facts' first question), and how: decorated
with a jit; passed to a jit call in any scope (`fast = jax.jit(simulate)`,
`jax.jit(partial(simulate, n=3))`), also through a transformation that calls the function
with the same arguments (`jax.jit(jax.value_and_grad(loss))`), a lambda (the defs its body
calls by name: `jax.jit(lambda v: f(v, W))`), or a bound method (`jax.jit(solver.__call__)`,
`jax.jit(self.step)`: the method of the object's class, its `self` bound); and, one call
deeper, the methods such a function calls on its parameters or on `self`
(`model(x)`, `flow.forward(x)`), whose class the file's calls of it show, and the defs it
calls by name, a few calls deep (`irls(X, y, n)` from a jitted `fit`).

Part of the model (ground layer): `jit_loops.py` and `jit_iterations.py` read these facts.
Only parsed code is asked (`walk_parsed`, bindings that are not stubs): the selection keeps
every statement that can add a function holding a loop under jit (`syntax.py`,
`may_hold_unrolled_loop`), so what a stub would add holds none.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.call_sites import passed_arguments
from scanlint.semantic.instances import self_class
from scanlint.semantic.model import PARTIAL_NAMES, FileModel, own_returns, qualified_decorator
from scanlint.semantic.scopes import (Binding, Scope, StubBinding, lookup,
                                      qualified_name)

# What applies `jit` to a function, and whether its other arguments may be Python values:
# equinox's filter_jit makes every non-array argument static.
JIT_FUNCTIONS = {
    "jax.jit": False, "jax._src.api.jit": False, "flax.nnx.jit": False,
    "equinox.filter_jit": True,
}
# Transformations whose result calls the function with the arguments it is given, in the
# same positions: under jit, the function is traced with them.
TRACING_TRANSFORMS = frozenset({
    "jax.grad", "jax.value_and_grad", "jax.vmap", "jax.checkpoint", "jax.remat",
    "jax.jacfwd", "jax.jacrev", "jax.jacobian", "jax.hessian", "jax.named_call",
    "jax.ad_checkpoint.checkpoint", "equinox.filter_grad", "equinox.filter_value_and_grad",
    "equinox.filter_vmap", "flax.nnx.grad", "flax.nnx.value_and_grad", "flax.nnx.vmap",
    "flax.nnx.remat",
})
_DEPTH = 4  # names and wrappers followed from a jit call to the def it traces
_CALL_DEPTH = 3  # defs called by name, followed from a def under jit
# Builtins that iterate over their argument (as `prefilter/syntax.py` and SCN302 take them).
ITERATING_BUILTINS = frozenset({"sum", "max", "min", "any", "all", "sorted", "list", "tuple",
                                "set", "enumerate", "zip", "map", "reversed", "iter"})


@dataclass(frozen=True)
class JitInfo:
    """How one function comes to run under `jit`."""

    # "decorator"; "wrapped" (passed to a jit call); "method" (a bound method passed to one);
    # "called" (called by a lambda passed to one, or by a function under jit on a parameter
    # or on `self`): its arguments are whatever the caller passes.
    how: str
    static_params: frozenset[str] = frozenset()
    params_may_be_static: bool = False  # static_argnums not literal, equinox.filter_jit, called
    bound_first: bool = False  # the first parameter is the method's object (`self`)


@dataclass(frozen=True)
class _Target:
    """A def a jit call traces, found from the call's first argument."""

    function: cst.FunctionDef
    how: str
    bound: frozenset[str] = frozenset()  # parameters `partial` gives Python values
    shift: int = 0  # leading positional parameters `partial` binds
    bound_first: bool = False


def jitted_functions(model: FileModel) -> dict[int, JitInfo]:
    """id(def) -> how it runs under jit. Computed once per model (`FileModel.close` drops
    it): the loops, the comprehensions and the iterations all ask."""
    cached = model.__dict__.get("_jitted")
    if cached is None:
        cached = model.__dict__["_jitted"] = _find(model)
    return cached


def _find(model: FileModel) -> dict[int, JitInfo]:
    found: dict[int, JitInfo] = {}

    def add(function: cst.FunctionDef, info: JitInfo) -> None:
        found[id(function)] = _merged(found.get(id(function)), info)

    for scope in model.module_scope.walk_parsed():
        if scope.outside_slice or scope.kind != "function" or not isinstance(
                scope.node, cst.FunctionDef):
            continue
        for decorator in scope.node.decorators:
            info = _decorator_info(decorator.decorator, scope.parent or scope, scope.node)
            if info is not None:
                add(scope.node, info)
    for call, scope in model.calls:
        if not call.args or _jit_kind(scope, call.func) is None:
            continue
        first = call.args[0]
        if first.keyword is not None or first.star:
            continue
        for target in _targets(model, first.value, scope, 0):
            info = _jit_info(call, scope, target.function, target.how, skip=1,
                             bound=target.bound, shift=target.shift,
                             bound_first=target.bound_first)
            add(target.function, info)
    for function_id, info in list(found.items()):
        if info.how != "called":
            for callee, bound_first in _called_on_parameters(model, function_id, info):
                if id(callee) not in found:
                    found[id(callee)] = JitInfo("called", frozenset(), True, bound_first)
    _add_called_by_name(model, found)
    return found


def _add_called_by_name(model: FileModel, found: dict[int, JitInfo]) -> None:
    """The defs a function under jit calls by name (`irls(X, y, max_iter)` from a jitted
    `fit`), and theirs, up to `_CALL_DEPTH` calls deep: jit traces them with the caller, so
    their Python loops unroll the same (jaxqtl's IRLS loop in a helper of the jitted fit)."""
    calls = model.direct_calls()
    layer = list(found)
    for _ in range(_CALL_DEPTH):
        added = []
        for function_id in layer:
            scope = model.scope_of.get(function_id)
            if scope is None or scope.kind != "function" or scope.outside_slice:
                continue
            for inner in _own_scopes(scope):
                for load in inner.loads:
                    if id(load) not in calls:
                        continue
                    owner, bindings = lookup(inner, load.value)
                    if owner is None or owner.kind != "module":
                        continue  # a local def runs under the function holding it already
                    if len(bindings) != 1 or bindings[0].kind != "def" or isinstance(
                            bindings[0], StubBinding) or not isinstance(bindings[0].node,
                                                                       cst.FunctionDef):
                        continue
                    callee = bindings[0].node
                    if id(callee) not in found:
                        found[id(callee)] = JitInfo("called", frozenset(), True, False)
                        added.append(id(callee))
        layer = added


def _merged(old: JitInfo | None, new: JitInfo) -> JitInfo:
    if old is None:
        return new
    return JitInfo(old.how, old.static_params | new.static_params,
                   old.params_may_be_static or new.params_may_be_static,
                   old.bound_first or new.bound_first)


def _jit_kind(scope: Scope, expr: cst.BaseExpression) -> bool | None:
    """Whether ``expr`` names a jit (its value: whether params may be static), else None."""
    return JIT_FUNCTIONS.get(qualified_name(scope, expr) or "")


def _decorator_info(expr: cst.BaseExpression, scope: Scope,
                    function: cst.FunctionDef) -> JitInfo | None:
    """`@jax.jit`, `@jax.jit(static_argnames=...)`, `@partial(jax.jit, ...)`."""
    if _jit_kind(scope, expr) is not None:
        return JitInfo("decorator", frozenset(), bool(_jit_kind(scope, expr)))
    if not isinstance(expr, cst.Call):
        return None
    if _jit_kind(scope, expr.func) is not None:
        return _jit_info(expr, scope, function, "decorator", skip=0)
    if qualified_name(scope, expr.func) in PARTIAL_NAMES and expr.args and _jit_kind(
            scope, expr.args[0].value) is not None and expr.args[0].keyword is None:
        return _jit_info(expr, scope, function, "decorator", skip=1, jit=expr.args[0].value)
    return None


# -- what a jit call traces ---------------------------------------------------------------
def _targets(model: FileModel, expr: cst.BaseExpression, scope: Scope,
             depth: int) -> list[_Target]:
    """The defs of this file a jit call's first argument ``expr`` makes it trace."""
    if depth > _DEPTH:
        return []
    if isinstance(expr, cst.Name):
        return _named_targets(model, expr, scope, depth)
    if isinstance(expr, cst.Attribute):
        method = bound_method(model, scope, expr)
        return [_Target(method[0], "method", bound_first=method[1])] if method else []
    if isinstance(expr, cst.Lambda):
        inner = model.scope_of.get(id(expr))
        return [] if inner is None else [
            _Target(f, "called") for f in _called_defs(model, expr.body, inner)]
    if not isinstance(expr, cst.Call) or not expr.args or expr.args[0].keyword is not None \
            or expr.args[0].star:
        return []
    called = qualified_name(scope, expr.func)
    inner = _targets(model, expr.args[0].value, scope, depth + 1)
    if called in TRACING_TRANSFORMS or _jit_kind(scope, expr.func) is not None:
        return inner
    if called in PARTIAL_NAMES:
        return [t for t in (_partial_target(t, expr.args[1:]) for t in inner) if t is not None]
    return []


def _named_targets(model: FileModel, name: cst.Name, scope: Scope, depth: int) -> list[_Target]:
    """A def bound once (`simulate`), or a name bound once to what makes one
    (`grad_fn = jax.grad(loss)`)."""
    _owner, bindings = lookup(scope, name.value)
    if len(bindings) != 1 or isinstance(bindings[0], StubBinding):
        return []  # a stub holds no loop (see the module's docstring)
    binding = bindings[0]
    if binding.kind == "def" and isinstance(binding.node, cst.FunctionDef):
        return [_Target(binding.node, "wrapped")]
    value = binding.assigned_value if binding.kind in ("assign", "annassign") else None
    if isinstance(value, (cst.Call, cst.Lambda)):
        return _targets(model, value, binding.scope, depth + 1)
    return []


def _partial_target(target: _Target, args) -> _Target | None:
    """``target`` with what `partial(target, *args)` binds, or None when that is hidden."""
    params = target.function.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    positional = positional[target.shift + target.bound_first:]
    bound, shift = set(target.bound), target.shift
    for arg in args:
        if arg.star:
            return None
        if arg.keyword is not None:
            bound.add(arg.keyword.value)
        elif shift - target.shift < len(positional):
            bound.add(positional[shift - target.shift])
            shift += 1
    return _Target(target.function, target.how, frozenset(bound), shift, target.bound_first)


def _called_defs(model: FileModel, body: cst.BaseExpression, scope: Scope) -> list[cst.FunctionDef]:
    """The defs of this file a lambda's body calls by name."""
    found = []
    for node in walk.descendants(body):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            _owner, bindings = lookup(scope, node.func.value)
            if len(bindings) == 1 and bindings[0].kind == "def" and not isinstance(
                    bindings[0], StubBinding) and isinstance(bindings[0].node, cst.FunctionDef):
                found.append(bindings[0].node)
    return found


# -- objects and their methods --------------------------------------------------------------
def bound_method(model: FileModel, scope: Scope, expr: cst.Attribute
                 ) -> tuple[cst.FunctionDef, bool] | None:
    """(the def, whether `self` is bound) for `obj.method`, `self.method` or `Class.method`
    of a class of this file."""
    holder = expr.value
    if isinstance(holder, cst.Name):
        _owner, bindings = lookup(scope, holder.value)
        if len(bindings) == 1 and bindings[0].kind == "class":
            class_scope = _class_scope(model, bindings[0])
            method = method_def(class_scope, expr.attr.value) if class_scope else None
            return (method, False) if method is not None else None
    if _asks_callers(scope, holder) and expr.attr.value not in _method_names(model):
        return None  # no parsed class has it iterating: no call to read for the class
    class_scope = instance_class(model, scope, holder)
    method = method_def(class_scope, expr.attr.value) if class_scope else None
    return (method, True) if method is not None else None


def _asks_callers(scope: Scope, holder: cst.BaseExpression) -> bool:
    """Whether finding ``holder``'s class reads the calls of its function: a parameter that
    is not `self`."""
    if not isinstance(holder, cst.Name):
        return False
    _owner, bindings = lookup(scope, holder.value)
    return len(bindings) == 1 and bindings[0].kind == "param" and self_class(bindings[0]) is None


def instance_class(model: FileModel, scope: Scope, expr: cst.BaseExpression,
                   depth: int = 0) -> Scope | None:
    """The scope of the class of this file whose instance ``expr`` visibly is: `self` in a
    method, a name bound only to `Class(...)`, or a parameter every visible call of its
    function passes such an object (or that its annotation names)."""
    if depth > _DEPTH or not isinstance(expr, cst.Name):
        return None if not isinstance(expr, cst.Call) or depth > _DEPTH else _made(
            model, scope, expr)
    owner, bindings = lookup(scope, expr.value)
    if owner is None or not bindings or any(isinstance(b, StubBinding) for b in bindings):
        return None
    if len(bindings) == 1 and bindings[0].kind == "param":
        own = self_class(bindings[0])
        if own is not None:
            return own
        param = bindings[0].node
        if isinstance(param, cst.Param) and param.annotation is not None:
            return _annotated_class(model, bindings[0].scope, param.annotation.annotation)
        return _parameter_class(model, bindings[0], depth)
    if not all(b.kind in ("assign", "annassign") for b in bindings):
        return None
    classes = [_made(model, b.scope, b.assigned_value) for b in bindings]
    return classes[0] if classes and classes[0] is not None and all(
        c is classes[0] for c in classes) else None


def _annotated_class(model: FileModel, scope: Scope, annotation: cst.BaseExpression
                     ) -> Scope | None:
    """The class of this file a parameter's annotation names (`model: Model`, `"Model"`)."""
    if isinstance(annotation, cst.SimpleString):
        text = annotation.evaluated_value
        annotation = cst.Name(text) if isinstance(text, str) and text.isidentifier() else None
    if not isinstance(annotation, cst.Name):
        return None
    _owner, bindings = lookup(scope.parent or scope, annotation.value)
    return _class_scope(model, bindings[0]) if len(bindings) == 1 and bindings[0].kind == \
        "class" else None


def _made(model: FileModel, scope: Scope, value: cst.BaseExpression | None,
          depth: int = 0) -> Scope | None:
    """The class scope when ``value`` is `Class(...)` of a class of this file, or a call of a
    function of this file whose every `return` gives one (`make_flow(4)`)."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name) or depth > 2:
        return None
    _owner, bindings = lookup(scope, value.func.value)
    if len(bindings) != 1:
        return None
    if bindings[0].kind == "class":
        return _class_scope(model, bindings[0])
    if bindings[0].kind != "def":
        return None
    function = bindings[0].node  # a stub's raises OutsideSlice: the engine parses it
    inner = model.scope_of.get(id(function))
    if not isinstance(function, cst.FunctionDef) or inner is None:
        return None
    classes = [_made(model, inner, r.value, depth + 1) for r in own_returns(function)]
    return classes[0] if classes and classes[0] is not None and all(
        c is classes[0] for c in classes) else None


def _class_scope(model: FileModel, binding: Binding) -> Scope | None:
    if isinstance(binding, StubBinding):
        return None  # a stub class holds no loop under jit
    return model.scope_of.get(id(binding.node))


def _parameter_class(model: FileModel, binding: Binding, depth: int) -> Scope | None:
    """The one class the file's visible calls of the parameter's function pass for it."""
    classes = {id(c): c for c in (
        instance_class(model, passed.scope, passed.expr, depth + 1)
        for passed in passed_arguments(model, binding))}
    return next(iter(classes.values())) if len(classes) == 1 and None not in [
        *classes.values()] else None


def method_def(class_scope: Scope | None, name: str) -> cst.FunctionDef | None:
    """The instance method ``name`` a class of this file defines (not inherited): bound once,
    not a static or class method, not a property."""
    if class_scope is None or class_scope.outside_slice:
        return None
    bindings = class_scope.bindings.get(name, [])
    if len(bindings) != 1 or bindings[0].kind != "def" or isinstance(bindings[0], StubBinding):
        return None
    method = bindings[0].node
    special = ("staticmethod", "classmethod", "property")
    if not isinstance(method, cst.FunctionDef) or any(
            qualified_decorator(class_scope, d.decorator) in special for d in method.decorators):
        return None
    return method


def _called_on_parameters(model: FileModel, function_id: int, info: JitInfo
                          ) -> list[tuple[cst.FunctionDef, bool]]:
    """The methods a function under jit reads (to call them) on its parameters or on `self`
    (`model(x)`: `__call__`; `flow.forward(x)`; `self.step(x)`), whose class is known. Read
    off the scope pass's loads: no walk of the function."""
    scope = model.scope_of.get(function_id)
    if scope is not None and (scope.kind != "function" or scope.outside_slice):
        scope = None  # a function parsed whole
    defined = _method_names(model)
    if scope is None or not defined:
        return []
    calls = model.direct_calls()
    found = []
    for inner in _own_scopes(scope):
        for load in inner.loads:
            name = model.attribute_reads.get(id(load)) or (
                "__call__" if id(load) in calls else None)
            if name not in defined:
                continue  # no parsed class has the method: none holds a loop (see above)
            owner, bindings = lookup(inner, load.value)
            if owner is not scope or len(bindings) != 1 or bindings[0].kind != "param":
                continue
            method = method_def(instance_class(model, scope, load), name)
            if method is not None:
                found.append((method, True))
    return found


def _own_scopes(scope: Scope):
    """The function's scope and the comprehensions in it (what runs as its own code)."""
    stack = [scope]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(c for c in current.children if c.kind == "comprehension")


def _method_names(model: FileModel) -> frozenset[str]:
    """The names of the methods (of the file's parsed classes) that iterate: a `for` loop,
    a comprehension or a builtin that iterates, in them or in a def nested in them. Only
    those can hold an SCN3xx site; a parameter's class is looked for only to reach one."""
    cached = model.memo.get("method names")
    if cached is None:
        iterating = [scope for _node, scope in (*model.for_statements, *model.comprehensions)]
        iterating += [scope for call, scope in model.calls if isinstance(call.func, cst.Name)
                      and call.func.value in ITERATING_BUILTINS]
        found = set()
        for scope in iterating:
            current: Scope | None = scope
            while current is not None and current.kind != "module":
                parent = current.parent
                if current.kind == "function" and parent is not None and parent.kind == "class":
                    found.add(getattr(current.node, "name", cst.Name("_")).value)
                current = parent
        cached = model.memo["method names"] = frozenset(found)
    return cached


# -- static arguments -----------------------------------------------------------------------
def _jit_info(call: cst.Call, scope: Scope, function: cst.FunctionDef, how: str, skip: int,
              bound: frozenset[str] = frozenset(), jit: cst.BaseExpression | None = None,
              shift: int = 0, bound_first: bool = False) -> JitInfo:
    """The static parameters that a jit call's `static_argnums`/`static_argnames` name
    (positions counted after what `partial` and a bound `self` take)."""
    positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    positional = positional[shift + bound_first:]
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
    return JitInfo(how, frozenset(static), unknown or how == "called", bound_first)


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
