"""Python effects in code JAX traces: what runs once, when the code is traced, where the
program means it to run at every step (`print`, logging, a host RNG's draw, `next()` on an
iterator, changing a container or object from outside the code, rebinding a `global`).

Part of the model (ground layer). SCN204 reports these effects in loop bodies; the fixes that
move code into a traced body or change what a body sees (`fixes/effects.py`) refuse code that
has any. The code asked about is a `Region`: a loop body's def or lambda (`Region.of_step`), a
Python `for` loop's body inside its function (`Region.of_loop`), or a helper of the file such
code calls (followed with ``deep``: helpers, methods, aliases).
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Callable

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.carry import StepFunction, caller_arguments, file_function
from scanlint.semantic.instances import (MUTATORS, called_method, object_class, self_changes,
                                         self_class)
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import (Binding, OwnCode, Scope, StoreVisitor, leaf_targets,
                                      lookup, qualified_name)

# Mutators that return something: a call of the others whose result is used is some other
# object's method (`return accumulator.update(carry, x)`), not a container's.
RETURNING_MUTATORS = frozenset({"pop", "setdefault", "popitem"})
# Host random generators whose module functions draw from hidden global state: called in a
# body they draw once, at trace time, and every step reuses the number.
GLOBAL_RNGS = {"numpy.random": "NumPy's global random generator",
               "random": "Python's global random generator"}
# Their module attributes that make a generator or hold a type, and draw nothing.
RNG_CONSTRUCTORS = frozenset({
    "default_rng", "RandomState", "Generator", "SeedSequence", "BitGenerator", "PCG64",
    "PCG64DXSM", "MT19937", "Philox", "SFC64", "Random", "SystemRandom", "get_state",
    "getstate"})
# Calls making a host generator object: its methods draw from state kept outside the body.
RNG_MAKERS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState",
                        "numpy.random.Generator", "random.Random", "random.SystemRandom"})
# Functions that run a Python function on the host at every step (its effects are fine).
CALLBACKS = frozenset({"jax.debug.callback", "jax.pure_callback", "jax.experimental.io_callback",
                       "jax.experimental.host_callback.id_tap",
                       "jax.experimental.host_callback.call"})
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception",
                         "critical", "fatal", "log"})
LOGGING_MODULES = frozenset({"logging", "absl.logging"})
LOGGER_MAKERS = frozenset({"logging.getLogger", "absl.logging.get_absl_logger"})
# Calls that build a Python container, or a NumPy array (which a traced value cannot enter).
CONTAINER_CALLS = frozenset({"list", "dict", "set", "bytearray"})
CONTAINER_QUALIFIED = ("collections.", "numpy.")
CONTAINER_LITERALS = (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)
# How deep `deep` follows the file's helpers and methods a region calls.
HELPER_DEPTH = 3


@dataclass(eq=False)
class Region:
    """Code asked about: ``node`` is walked (a def or lambda is entered only when it is
    ``node``), names are looked up from ``scope``, and ``own`` says whether a name's
    bindings are the region's own (else they are made outside it)."""

    node: cst.CSTNode
    scope: Scope
    own: Callable[[Scope, list[Binding]], bool]
    # Parameters holding objects made outside the region: a method's `self`, those bound by
    # `functools.partial` or a default (`preset`), a helper's parameters.
    outside_params: set[str] = field(default_factory=set)
    preset: dict = field(default_factory=dict)
    anchor: cst.CSTNode | None = None  # the loop call or statement (what runs "before" it)
    params_outer: bool = False  # a helper: what its parameters hold comes from its caller

    @classmethod
    def of_step(cls, step: StepFunction, anchor: cst.CSTNode | None) -> "Region":
        return cls(step.node, step.scope, lambda owner, _b: owner.is_within(step.scope),
                   step.bound_names, dict(step.preset), anchor)

    @classmethod
    def of_loop(cls, loop: cst.For, scope: Scope) -> "Region":
        """A Python `for` loop's body in its function ``scope``: a name of the function is
        the body's own when every binding of it is in the body."""
        inside = {id(n) for n in _nodes(loop.body)}

        def own(owner: Scope, bindings: list[Binding]) -> bool:
            if owner is scope:
                return all(id(b.node) in inside for b in bindings)
            return owner.is_within(scope)
        return cls(loop.body, scope, own, anchor=loop)

    @classmethod
    def of_helper(cls, function: cst.FunctionDef, scope: Scope) -> "Region":
        params = function.params
        names = {p.name.value for p in [*params.posonly_params, *params.params,
                                        *params.kwonly_params]}
        return cls(function, scope, lambda owner, _b: owner.is_within(scope), names,
                   params_outer=True)

    def outside(self, owner: Scope | None, bindings: list[Binding]) -> bool:
        """A name resolved to (``owner``, ``bindings``) holds something made outside."""
        if owner is None or not bindings:
            return False
        if owner is self.scope and self.params_outer and all(b.kind == "param"
                                                             for b in bindings):
            return True
        return not self.own(owner, bindings)


def python_effects(model: FileModel, region: Region, deep: bool = False,
                   warnings: bool = True) -> list[tuple[cst.CSTNode, str]]:
    """Each Python effect in ``region``: (the node, what it does). With ``deep``, also the
    effects of the file's helpers and methods it calls (three calls deep), of a name bound
    to a function that has one (`emit = print`), and a draw from a host generator made
    outside (`rng.normal()`). Without ``warnings``, a helper's `print` or log call under an
    `if` is left out: a warning about a condition, meant to show once, when JAX traces
    (jax_md's `_fold_grid` warns of a small grid so)."""
    return _effects(model, region, deep, 0, set(), warnings)


def _effects(model: FileModel, region: Region, deep: bool, depth: int,
             seen: set[int], warnings: bool = True) -> list[tuple[cst.CSTNode, str]]:
    finder = _Finder(model, region, deep, depth, seen, warnings)
    walk.visit(region.node, finder)
    return finder.found


class _Finder(StoreVisitor):
    def __init__(self, model: FileModel, region: Region, deep: bool, depth: int,
                 seen: set[int], warnings: bool) -> None:
        super().__init__()
        self.model, self.region, self.deep, self.depth, self.seen = \
            model, region, deep, depth, seen
        self.warnings = warnings  # a helper's output under an `if` counts
        self.found: list[tuple[cst.CSTNode, str]] = []
        self.declared: set[str] = set()
        self.statement_calls: set[int] = set()  # calls whose value is thrown away
        self.guards: list[set[str]] = []  # names read by the `if` tests around us

    def visit_Expr(self, node: cst.Expr) -> None:
        self.statement_calls.add(id(node.value))

    def visit_If(self, node: cst.If) -> None:
        self.guards.append(_names(node.test))

    def leave_If(self, original_node: cst.If) -> None:
        self.guards.pop()

    def _guarded(self, name: str) -> bool:
        """Filling a container under a test of that container (`if key not in cache:`,
        `if len(shapes) < n:`) is a deliberate trace-time cache, not per-step state."""
        return any(name in names for names in self.guards)

    def visit_Call(self, node: cst.Call) -> bool:
        what = self._check(node, node)
        if what is not None:
            self.found.append((node, what))
        # What a host callback runs, it runs at every step, on the host.
        return qualified_name(self.region.scope, node.func) not in CALLBACKS

    def _check(self, node: cst.Call, shown: cst.Call) -> str | None:
        region, scope, func = self.region, self.region.scope, node.func
        changed = _method_change(self.model, region, node)
        if changed is not None:
            return changed
        if isinstance(func, cst.Name) and func.value == "print" and \
                lookup(scope, "print")[0] is None:
            return "`print(...)`" if self._counted_output() else None
        if isinstance(func, cst.Name) and func.value == "next":
            if _outer_iterator(region, node):
                return (f"`next({_code(node.args[0].value)})` on an iterator defined outside "
                        "the body")
            return None
        if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS:
            what = self._mutation(node, func)
            if what is not None:
                return what
        what = _host_effect(region, node)
        if what is not None and what.endswith("(a log call)") and not self._counted_output():
            return None
        what = what or _rebinds_global(self.model, scope, node)
        if what is None and self.deep:
            what = self._deep(node, shown)
        return what

    def _counted_output(self) -> bool:
        return self.warnings or self.depth == 0 or not self.guards

    def _mutation(self, node: cst.Call, func: cst.Attribute) -> str | None:
        region, used = self.region, id(node) in self.statement_calls or \
            func.attr.value in RETURNING_MUTATORS
        if isinstance(func.value, cst.Name) and not self._guarded(func.value.value) and used:
            owner, bindings = lookup(region.scope, func.value.value)
            if region.outside(owner, bindings) and (
                    all(b.kind in ("assign", "annassign") for b in bindings)
                    or _container_param(self.model, bindings)
                    or (region.params_outer and owner is region.scope)):
                return (f"`{func.value.value}.{func.attr.value}(...)` on a container defined "
                        "outside the body")
        elif isinstance(func.value, cst.Attribute) and id(node) in self.statement_calls:
            root = _attribute_root(func.value)
            if root is not None and not self._guarded(root.value) \
                    and _outer_object(region, root):
                return (f"`{_code(func.value)}.{func.attr.value}(...)` on a container held by "
                        "an object defined outside the body")
        return None

    def _deep(self, node: cst.Call, shown: cst.Call) -> str | None:
        """What ``deep`` adds: a draw from a host generator or an iterator's `__next__` on
        an object made outside, an alias of an effect, a helper or method with one."""
        region, func = self.region, node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            owner, bindings = lookup(region.scope, func.value.value)
            if region.outside(owner, bindings) and func.attr.value in ("__next__", "send"):
                return f"`{_code(func)}(...)` on an iterator defined outside the body"
            if region.outside(owner, bindings) and _makes_generator(bindings):
                return (f"`{_code(func)}(...)` (a host random generator defined outside the "
                        "body)")
        alias = _alias_of(region.scope, func) if self.depth < HELPER_DEPTH else None
        if alias is not None:
            self.depth += 1
            try:
                what = self._check(node.with_changes(func=alias), shown)
            finally:
                self.depth -= 1
            if what is not None:
                return f"`{_code(func)}(...)`, that is {_what(what)},"
        return self._helper(node)

    def _helper(self, node: cst.Call) -> str | None:
        if self.depth >= HELPER_DEPTH:
            return None
        found = file_function(self.model, self.region.scope, node.func)
        if found is not None:
            function, inner = found[0], found[1]
        else:
            method = called_method(self.model, self.region.scope, node)
            if method is None:
                return None
            function = method[0]
            inner = self.model.scope_of.get(id(function))
            if inner is None:
                return None
        if id(function) in self.seen:
            return None
        self.seen.add(id(function))
        effects = _effects(self.model, Region.of_helper(function, inner), True,
                           self.depth + 1, self.seen, self.warnings)
        if not effects:
            return None
        return f"`{_code(node.func)}(...)`, which runs {_what(effects[0][1])},"

    def visit_Global(self, node: cst.Global) -> None:
        self.declared.update(n.name.value for n in node.names)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.declared.update(n.name.value for n in node.names)

    def store(self, node: cst.CSTNode, target: cst.BaseExpression) -> None:
        if _counts_traces(node, target):
            # `TRACES["body"] += 1`, `TRACE_COUNT += 1`: a counter named for traces or
            # compiles counts them on purpose, the idiom of retracing reports
            # (https://github.com/google/jaxopt/issues/563, set K's look-alike).
            return
        if isinstance(target, cst.Name):
            if target.value in self.declared and not (
                    self.region.params_outer and self._guarded(target.value)):
                self.found.append((node, f"assigning `{target.value}` outside the body"))
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.store(node, element.value)
        else:
            if self.depth and isinstance(node, cst.AugAssign) and isinstance(
                    node.value, (cst.Integer, cst.Float)):
                # A helper bumping a counter counts its own calls, that is the traces
                # (`TRACES["body"] += 1`): what the code means to count, not a mistaken
                # per-step count, which the body itself would keep.
                return
            root = _root(target)
            what = _outer_store(self.model, self.region, target)
            if what is not None and root is not None and not self._guarded(root.value):
                self.found.append((node, what))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.region.node


_TRACE_COUNTER = re.compile(r"trac|compil", re.I)


def _counts_traces(node: cst.CSTNode, target: cst.BaseExpression) -> bool:
    """A constant bump (`+= 1`) of a counter whose name or key says it counts traces."""
    if not (isinstance(node, cst.AugAssign) and isinstance(node.value, (cst.Integer,
                                                                        cst.Float))):
        return False
    return bool(_TRACE_COUNTER.search(_code(target)))


def _names(node: cst.CSTNode) -> set[str]:
    return {n.value for n in _nodes(node) if isinstance(n, cst.Name)}


def _nodes(node: cst.CSTNode):
    yield node
    for child in walk.children(node):
        yield from _nodes(child)


def _what(what: str) -> str:
    return what.rstrip(",")


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _root(target: cst.BaseExpression) -> cst.Name | None:
    """The name at the bottom of `a[i]["k"]` or `a.b.c`."""
    while isinstance(target, (cst.Attribute, cst.Subscript)):
        target = target.value
    return target if isinstance(target, cst.Name) else None


def _alias_of(scope: Scope, func: cst.BaseExpression) -> cst.BaseExpression | None:
    """What a name bound once to another name or attribute stands for (`emit = print`,
    `draw = np.random.normal`, `push = history.append`)."""
    if not isinstance(func, cst.Name):
        return None
    _owner, bindings = lookup(scope, func.value)
    if len(bindings) != 1 or bindings[0].kind not in ("assign", "annassign"):
        return None
    value = bindings[0].assigned_value
    return value if isinstance(value, (cst.Name, cst.Attribute)) else None


def _makes_generator(bindings: list[Binding]) -> bool:
    """Every binding makes a host random generator (`np.random.default_rng(0)`)."""
    return all(isinstance(b.assigned_value, cst.Call) and qualified_name(
        b.scope, b.assigned_value.func) in RNG_MAKERS for b in bindings)


def _outer_store(model: FileModel, region: Region, target: cst.BaseExpression) -> str | None:
    """What storing into ``target`` changes outside the body: an item of a Python container or
    NumPy array defined outside it (`calls[0] += 1`, `cache[k] = v`, or a parameter of an
    enclosing factory every caller passes one to), or an attribute of an object defined
    outside it (`self.count += 1`); else None."""
    root = _root(target)
    if root is None:
        return None
    owner, bindings = lookup(region.scope, root.value)
    if owner is region.scope and root.value in region.outside_params and len(bindings) == 1 \
            and isinstance(target, cst.Attribute):
        return f"assigning `{_code(target)}` (an attribute of the method's object)"
    if not region.outside(owner, bindings):
        return None
    if isinstance(target, cst.Attribute):
        return f"assigning `{_code(target)}` (an attribute of an object defined outside the body)"
    if isinstance(target, cst.Subscript) and (
            all(_container(b) for b in bindings) or _container_param(model, bindings)
            or (region.params_outer and owner is region.scope)):
        return f"storing into `{_code(target)}` (a container defined outside the body)"
    return None


def _container_param(model: FileModel, bindings: list) -> bool:
    """A parameter of an enclosing function (a factory making the body) to which every call
    in the file passes a Python container or NumPy array: a literal, or a name bound only to
    one (`make_step(running)`, `running = [0.0]`)."""
    if len(bindings) != 1 or bindings[0].kind != "param":
        return False
    arguments = caller_arguments(model, bindings[0])
    if not arguments:
        return False
    for expr, scope in arguments:
        if isinstance(expr, cst.Name):
            _owner, passed = lookup(scope, expr.value)
            if not (passed and all(_container(b) for b in passed)):
                return False
        elif not _container_value(scope, expr):
            return False
    return True


def _container(binding) -> bool:
    """The binding visibly makes a Python container or a NumPy array."""
    return _container_value(binding.scope, binding.assigned_value)


def _container_value(scope, value: cst.BaseExpression | None) -> bool:
    """``value`` (evaluated in ``scope``) visibly makes a Python container or a NumPy array."""
    if isinstance(value, CONTAINER_LITERALS):
        return True
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Name) and value.func.value in CONTAINER_CALLS:
        return lookup(scope, value.func.value)[0] is None
    return (qualified_name(scope, value.func) or "").startswith(CONTAINER_QUALIFIED)


def _outer_iterator(region: Region, call: cst.Call) -> bool:
    """`next(it)`, the builtin, on a name bound outside the body, or on a parameter the loop
    does not pass (bound by `functools.partial`, or its default: made outside the body)."""
    if lookup(region.scope, "next")[0] is not None or not call.args:
        return False
    arg = call.args[0].value
    if not isinstance(arg, cst.Name):
        return False
    owner, bindings = lookup(region.scope, arg.value)
    if owner is region.scope and arg.value in region.preset and len(bindings) == 1:
        return True
    return region.outside(owner, bindings)


def _rebinds_global(model: FileModel, scope: Scope, call: cst.Call, depth: int = 0
                    ) -> str | None:
    """`helper(...)`, a function of the file that rebinds a module-level name it declares
    `global` (`global _KEY; _KEY, sub = split(_KEY)`, `_STEP += 1`), itself or through the
    functions of the file it calls (three deep). A rebinding under a test of that same name
    (`if _CACHE is None: _CACHE = ...`, a lazy initialisation) is not counted."""
    if not model.spells("global"):
        return None  # no function of the file can declare one
    found = file_function(model, scope, call.func) if depth < 3 else None
    if found is None:
        return None
    function, inner, _owner = found
    writes = _global_writes(model, function, inner.declared_global)
    if writes.rebound:
        return (f"`{_code(call.func)}(...)`, which rebinds global `{writes.rebound[0]}` in "
                f"`{function.name.value}`,")
    for inner_call in writes.calls:
        through = _rebinds_global(model, inner, inner_call, depth + 1)
        if through is not None:
            return f"`{_code(call.func)}(...)`, through {through}"
    return None


def _global_writes(model: FileModel, function: cst.FunctionDef,
                   declared: set[str]) -> "_GlobalWrites":
    """A function's global writes and calls, read once per file (every body that calls the
    helper asks)."""
    key = ("global writes", id(function))
    if key not in model.memo:
        writes = _GlobalWrites(function, declared)
        walk.visit(function, writes)
        model.memo[key] = writes
    return model.memo[key]


class _GlobalWrites(OwnCode):
    """The `global` names a function rebinds outside a test of the same name, and its calls
    by a plain name outside such tests."""

    def __init__(self, root: cst.FunctionDef, declared: set[str]) -> None:
        super().__init__(root)
        self.declared = declared
        self.guards: list[set[str]] = []
        self.rebound: list[str] = []
        self.calls: list[cst.Call] = []

    def visit_If(self, node: cst.If) -> None:
        self.guards.append(_names(node.test))

    def leave_If(self, original_node: cst.If) -> None:
        self.guards.pop()

    def _guarded(self, name: str) -> bool:
        return any(name in names for names in self.guards)

    def _store(self, target: cst.BaseExpression) -> None:
        for leaf in leaf_targets(target):
            if isinstance(leaf, cst.Name) and leaf.value in self.declared \
                    and not self._guarded(leaf.value):
                self.rebound.append(leaf.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._store(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and not any(self.guards):
            self.calls.append(node)


def _attribute_root(node: cst.Attribute) -> cst.Name | None:
    """The name under `a.b.c` (attributes only)."""
    value: cst.BaseExpression = node
    while isinstance(value, cst.Attribute):
        value = value.value
    return value if isinstance(value, cst.Name) else None


def _outer_object(region: Region, root: cst.Name) -> bool:
    """``root`` names something bound outside the body, and not an imported module."""
    owner, bindings = lookup(region.scope, root.value)
    if owner is region.scope and root.value in region.outside_params and len(bindings) == 1:
        return True  # a method's `self`
    return region.outside(owner, bindings) and all(b.kind != "import" for b in bindings)


def _method_change(model: FileModel, region: Region, call: cst.Call) -> str | None:
    """A call of a method of an object of the file's own plain class, defined outside the
    body (`dist.log_prob(x)`, `layer(x)`, `self.encoder(x)`), that changes the object
    (`instances.self_changes`). An attribute set only under a test of itself (`if self.w is
    None:`) is a lazy initialisation: reported unless the object is called before the loop
    outside any body (`layer(x0)`), where it is set up with a concrete value."""
    callee = called_method(model, region.scope, call)
    if callee is None:
        return None
    method, defining, _receiver = callee
    func = call.func
    root = _attribute_root(func) if isinstance(func, cst.Attribute) else func
    if not isinstance(root, cst.Name) or not _outer_object(region, root):
        return None
    instance = object_class(model, region.scope, func.value if isinstance(
        func, cst.Attribute) else func)
    changes = self_changes(model, instance, method, defining) if instance is not None else []
    if not changes:
        return None
    where = f"`{_code(func)}(...)`"
    for change in changes:
        if not change.guarded:
            return (f"{where}, which changes `{change.target}` in `{change.owner}."
                    f"{change.method.name.value}` on an object defined outside the body,")
    change = changes[0]
    _owner, bindings = lookup(region.scope, root.value)
    if (isinstance(func, cst.Name) or isinstance(func.value, cst.Name)) and not any(
            self_class(b) is not None for b in bindings if b.kind == "param"):
        if _called_before(region, root):
            return None
        return (f"{where}, whose `{change.owner}.{change.method.name.value}` sets "
                f"`{change.target}` on its first call (here, inside the trace: a tracer "
                "kept on an object defined outside the body),")
    return None


def _called_before(region: Region, root: cst.Name) -> bool:
    """The object ``root`` names is called (`obj(...)`, `obj.m(...)`) in the scope that binds
    it, outside any function, before the statement there that holds the loop call."""
    owner, _bindings = lookup(region.scope, root.value)
    if owner is None or owner.kind not in ("module", "function") or region.anchor is None:
        return False
    body = owner.node.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else (
        list(body) if isinstance(body, (list, tuple)) else [body])
    for statement in statements:
        ids = {id(n) for n in _nodes(statement)}
        if id(region.anchor) in ids:
            return False
        if _calls_object(statement, root.value):
            return True
    return False


def _calls_object(statement: cst.CSTNode, name: str) -> bool:
    """``statement`` calls `name(...)` or `name.m(...)` outside nested functions."""
    found = []

    class Calls(OwnCode):
        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute):
                func = func.value
            if isinstance(func, cst.Name) and func.value == name:
                found.append(node)

    walk.visit(statement, Calls())
    return bool(found)


def _host_effect(region: Region, call: cst.Call) -> str | None:
    """A logging call or a draw from a host global RNG (`np.random.normal()`)."""
    func = call.func
    name = qualified_name(region.scope, func) or ""
    module, _, last = name.rpartition(".")
    if module in GLOBAL_RNGS and last not in RNG_CONSTRUCTORS and not last[:1].isupper():
        return f"`{_code(func)}(...)` ({GLOBAL_RNGS[module]})"
    if not (isinstance(func, cst.Attribute) and func.attr.value in LOG_METHODS):
        return None
    if module in LOGGING_MODULES:
        return f"`{_code(func)}(...)` (a log call)"
    receiver = func.value
    if isinstance(receiver, cst.Call):
        maker = qualified_name(region.scope, receiver.func)
    elif isinstance(receiver, cst.Name):
        owner, bindings = lookup(region.scope, receiver.value)
        values = [b.assigned_value for b in bindings]
        makers = {qualified_name(b.scope, v.func) if isinstance(v, cst.Call) else None
                  for b, v in zip(bindings, values)}
        maker = makers.pop() if owner is not None and len(makers) == 1 else None
    else:
        return None
    if maker in LOGGER_MAKERS:
        return f"`{_code(func)}(...)` (a log call)"
    return None
