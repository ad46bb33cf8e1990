"""A loop body's step function and its carry: which parameter is the carry, how the init
builds it (tuple, list, dict or NamedTuple slots), how the body reads and returns each slot,
and which slots it passes through unchanged.

Part of the model (ground layer): SCN101, SCN102, SCN206 and their fixes read these facts;
they do not re-derive them.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.model import BodyRef, FileModel, ScanSite, own_returns
from scanlint.semantic.scopes import (Binding, Scope, all_params, leaf_targets, lookup,
                                      qualified_name)

# The position of the carry among the body's parameters, per role (a scan's: the site's
# `scan_carry`, 0 for lax.scan).
CARRY_POSITION = {("scan", "f"): 0, ("fori_loop", "body_fun"): 1,
                  ("while_loop", "body_fun"): 0, ("while_loop", "cond_fun"): 0,
                  ("map", "f"): None}  # lax.map's body has no carry
# How many positional arguments the loop passes, per role (a scan's: its axes).
PASSED = {("scan", "f"): 2, ("fori_loop", "body_fun"): 2, ("while_loop", "body_fun"): 1,
          ("while_loop", "cond_fun"): 1, ("map", "f"): 1}


@dataclass(eq=False)
class StepFunction:
    """A body we can analyse: a def or lambda with its own scope and carry parameter."""

    ref: BodyRef
    node: cst.FunctionDef | cst.Lambda
    scope: Scope
    carry_param: cst.Param | None  # None for lax.map, whose body has no carry
    # scan bodies return (carry, y); fori/while bodies the carry itself; None: not known
    # (an `nnx.scan` whose `out_axes` the code does not show)
    returns_pair: bool | None
    bound_params: int = 0  # leading parameters a method's attribute or a partial binds
    # Parameters the loop does not pass, with what gives them their value and where it is
    # evaluated: a `functools.partial`'s keyword arguments, the defaults of parameters after
    # those the loop passes (`def body(state, batches=batch_iterator)`). Only for the rules
    # that read bodies (`step_function(..., methods=True)`).
    preset: dict = field(default_factory=dict)
    # What each parameter the loop passes receives (model.CARRY, BROADCAST, SCANNED), for a
    # scan; None when not known.
    axes: tuple | None = None

    @property
    def bound_names(self) -> set[str]:
        """The names of the parameters a method's attribute or a partial binds (`self`),
        and those the loop does not pass: values made outside the body, like the names it
        captures."""
        params = self.node.params
        return {p.name.value for p in [*params.posonly_params, *params.params][
            :self.bound_params]} | set(self.preset)

    @property
    def params(self) -> list[cst.Param]:
        """The positional parameters the loop passes values to (after `self`)."""
        params = self.node.params
        return [p for p in [*params.posonly_params, *params.params][self.bound_params:]
                if p.name.value not in self.preset]

    @property
    def carry_name(self) -> str:
        assert self.carry_param is not None
        return self.carry_param.name.value

    @property
    def is_def(self) -> bool:
        return isinstance(self.node, cst.FunctionDef)


def step_function(model: FileModel, site: ScanSite, role: str | None = None,
                  methods: bool = False) -> StepFunction | None:
    """The body (or ``role``'s function) the site runs, when it is a def or lambda of this
    file. ``methods``: also a method of the enclosing class (`self.step`), the function a
    `functools.partial` wraps (its bound arguments kept apart) and a body a factory makes;
    only rules that read a body (SCN2xx) ask for them, never the fixes that rewrite one."""
    ref = site.body(role)
    if ref is None:
        return None
    function, scope, bound = ref.function, ref.function_scope, 0
    preset: dict = {}
    if function is None and methods and ref.method is not None:
        function, scope, bound = ref.method, ref.method_scope, ref.bound_params
    if function is None and methods and ref.kind == "partial":
        found = _partial_target(ref, site.scope)
        if found is None:
            return None
        function, scope, bound, preset = found
    if function is None or scope is None:
        return None
    key = (site.callee, ref.role)
    if key not in CARRY_POSITION:
        return None
    scan = key == ("scan", "f")
    position = site.scan_carry if scan else CARRY_POSITION[key]
    passed = (len(site.scan_axes) if site.scan_axes is not None else None) if scan \
        else PASSED[key]
    params = function.params
    positional = [p for p in [*params.posonly_params, *params.params][bound:]
                  if p.name.value not in preset]
    if position is not None and len(positional) <= position:
        return None
    if methods and passed is not None and isinstance(function, cst.FunctionDef):
        preset |= {p.name.value: (p.default, function_scope_parent(scope))
                   for p in positional[passed:] if p.default is not None}
    carry = positional[position] if position is not None else None
    return StepFunction(ref, function, scope, carry,
                        returns_pair=site.scan_pair if site.callee == "scan" else False,
                        bound_params=bound, preset=preset,
                        axes=site.scan_axes if scan else None)


def function_scope_parent(scope: Scope) -> Scope:
    """Where a def's defaults are evaluated: the scope around it."""
    return scope.parent if scope.parent is not None else scope


def _partial_target(ref: BodyRef, scope: Scope) -> tuple | None:
    """(function, scope, leading parameters bound, preset) for `functools.partial(f, a,
    k=v)` whose ``f`` is a def, lambda, method or factory-made body of this file: its
    positional arguments bind the leading parameters, its keywords the named ones (made at
    the loop's call, in ``scope``, or where the name bound to the partial is assigned)."""
    target = ref.partial_target
    call = ref.expr if isinstance(ref.expr, cst.Call) else (
        ref.bindings[0].assigned_value if len(ref.bindings) == 1 else None)
    if target is None or not isinstance(call, cst.Call):
        return None
    function, scope, bound = target.function, target.function_scope, 0
    if function is None and target.method is not None:
        function, scope, bound = target.method, target.method_scope, target.bound_params
    if function is None or scope is None or any(a.star for a in call.args):
        return None
    where = scope if isinstance(ref.expr, cst.Call) else ref.bindings[0].scope
    bound += sum(1 for a in call.args[1:] if a.keyword is None)
    preset = {a.keyword.value: (a.value, where) for a in call.args[1:] if a.keyword is not None}
    return function, scope, bound, preset


# -- carry layout -----------------------------------------------------------------------------
NAMEDTUPLE_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
# Dataclass decorators that make the class a pytree whose fields are its leaves, copied with
# `.replace(...)`. (A plain `dataclasses.dataclass` is not a pytree.)
PYTREE_DATACLASSES = frozenset({"flax.struct.dataclass", "chex.dataclass"})


@dataclass(eq=False)
class CarryLayout:
    """How the carry is built, read and returned, slot by slot.

    A slot is a position of a tuple or list carry, a key of a dict carry or a field of a
    NamedTuple carry. The body reads slots by unpacking the carry (`s, t = carry`, tuples,
    lists and NamedTuples) or by key (`carry[0]`, `carry["s"]`, `carry.s`), possibly binding a
    read to a name at the top of the body (`s = carry["s"]`).
    """

    container: str  # "tuple" | "list" | "dict" | "record" (a NamedTuple or pytree dataclass)
    keys: list  # per slot: its position, dict key or field name
    init_elements: list[cst.BaseExpression]  # per slot: the init's value
    # "unpack" (`a, b = carry`), "keyed" (`carry[0]`, `carry["k"]`, `carry.k`) or "whole"
    access: str
    slot_names: list[str | None]  # per slot: the name the body binds it to, if any
    slot_binders: list[cst.Assign | None]  # per slot: the statement binding that name
    unpack: cst.Assign | None
    unpack_line: cst.SimpleStatementLine | None
    returns: list[cst.Return]
    # Per return, each slot's returned value; None when the return keeps the slot implicitly
    # (`{**carry, "s": s2}`, `carry._replace(s=s2)`).
    returned: list[list[cst.BaseExpression | None]]
    record: cst.ClassDef | None = None  # the class of a record carry
    replace_method: str = "_replace"  # how a record is copied: NamedTuple's, or `replace`
    reads: list[cst.BaseExpression] = field(default_factory=list)  # keyed reads in the body
    passthrough: list[int] = field(default_factory=list)
    # The assignment the init was read from (`init_val = (arr, 0.0)` before the call), or None
    # when the call itself holds the literal. Fixes rewrite the call's literal only.
    init_binding: Binding | None = None

    @property
    def size(self) -> int:
        return len(self.init_elements)

    @property
    def init_at_call(self) -> bool:
        return self.init_binding is None

    @property
    def binders_shared(self) -> bool:
        """Whether one leading line binds several slots (`a, b = c["a"], c["b"]`)."""
        if self.access == "unpack":
            return False
        binders = [id(b) for b in self.slot_binders if b is not None]
        return len(binders) != len(set(binders))

    @property
    def is_sequence(self) -> bool:
        return self.container in ("tuple", "list")

    @property
    def positional(self) -> bool:
        """Whether the carry unpacks and indexes by position (a dataclass does not)."""
        return self.is_sequence or self.replace_method == "_replace"

    def slot_read(self, carry_name: str, node: cst.CSTNode) -> int | None:
        """The slot that `carry[0]`, `carry["k"]` or `carry.k` reads, else None."""
        if isinstance(node, cst.Attribute):
            if (self.container == "record" and _is_name(node.value, carry_name)
                    and node.attr.value in self.keys):
                return self.keys.index(node.attr.value)
            return None
        if not (isinstance(node, cst.Subscript) and _is_name(node.value, carry_name)
                and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)):
            return None
        key = node.slice[0].slice.value
        if self.container == "dict":
            text = string_key(key)
            return self.keys.index(text) if text in self.keys else None
        i = slot_index(node) if self.positional else None
        return i if i is not None and i < self.size else None


def _is_name(node: cst.CSTNode, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def string_key(node: cst.CSTNode) -> str | None:
    """The value of a plain string literal, else None."""
    if isinstance(node, cst.SimpleString) and "f" not in node.prefix.lower():
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def literal_elements(
        expr: cst.BaseExpression | None) -> tuple[str, list[cst.BaseExpression]] | None:
    """("tuple" or "list", the elements) of a tuple or list literal without starred items."""
    if isinstance(expr, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) for e in expr.elements):
        return ("tuple" if isinstance(expr, cst.Tuple) else "list",
                [e.value for e in expr.elements])
    return None


def _dict_items(expr: cst.BaseExpression | None) -> list[tuple[str, cst.BaseExpression]] | None:
    """`{"k": v, ...}` with distinct string keys as (key, value) pairs."""
    if not isinstance(expr, cst.Dict):
        return None
    items = []
    for element in expr.elements:
        key = string_key(element.key) if isinstance(element, cst.DictElement) else None
        if key is None or any(key == k for k, _ in items):
            return None
        items.append((key, element.value))
    return items


def record_class(model: FileModel, scope: Scope,
                 func: cst.BaseExpression) -> tuple[cst.ClassDef, str] | None:
    """The class of this module that ``func`` names, with its copy method, when it is a
    `class X(NamedTuple)` ("_replace") or a `@flax.struct.dataclass` / `@chex.dataclass`
    ("replace"); else None."""
    if not isinstance(func, cst.Name):
        return None
    owner, bindings = lookup(scope, func.value)
    if owner is None or owner.kind != "module" or len(bindings) != 1:
        return None
    if bindings[0].kind == "assign":
        made = _functional_record(model, owner, bindings[0])
        return None if made is None else (made, "_replace")
    if bindings[0].kind != "class":
        return None
    node = bindings[0].node
    assert isinstance(node, cst.ClassDef)
    if any(qualified_name(owner, base.value) in NAMEDTUPLE_BASES for base in node.bases):
        return node, "_replace"
    for decorator in node.decorators:
        named = decorator.decorator
        named = named.func if isinstance(named, cst.Call) else named
        if qualified_name(owner, named) in PYTREE_DATACLASSES:
            return node, "replace"
    return None


# `X = namedtuple("X", "a b")`, `X = NamedTuple("X", [("a", int), ...])`: a record too.
FUNCTIONAL_RECORDS = frozenset({"collections.namedtuple", "typing.NamedTuple",
                                "typing_extensions.NamedTuple"})


def _functional_record(model: FileModel, owner: Scope, binding: Binding) -> cst.ClassDef | None:
    """The class statement a module-level functional NamedTuple stands for (made once per
    binding, remembered as made: a fix must not look for it in the file)."""
    made = model.memo.setdefault("functional_records", {})
    if id(binding) in made:
        return made[id(binding)]
    call = binding.assigned_value
    fields = None
    if isinstance(call, cst.Call) and qualified_name(owner, call.func) in FUNCTIONAL_RECORDS \
            and len(call.args) == 2 and all(a.keyword is None and not a.star for a in call.args):
        fields = _field_names(call.args[1].value)
    node = None
    if fields and all(f.isidentifier() for f in fields) and len(set(fields)) == len(fields):
        lines = "".join(f"    {f}: object\n" for f in fields)
        node = cst.parse_statement(f"class {binding.name}(NamedTuple):\n{lines}")
    made[id(binding)] = node
    return node


def _field_names(expr: cst.BaseExpression) -> list[str] | None:
    """"a, b c" or ["a", "b"] (namedtuple), [("a", T), ...] (NamedTuple)."""
    text = string_key(expr)
    if text is not None:
        return text.replace(",", " ").split()
    elements = literal_elements(expr)
    if elements is None:
        return None
    names = []
    for element in elements[1]:
        pair = literal_elements(element)
        name = string_key(pair[1][0] if pair and len(pair[1]) == 2 else element)
        if name is None:
            return None
        names.append(name)
    return names


def made_record(model: FileModel, record: cst.ClassDef) -> bool:
    """The record is a functional NamedTuple (no class statement in the file)."""
    return any(node is record for node in model.memo.get("functional_records", {}).values())


def record_fields(record: cst.ClassDef) -> list[str]:
    """The fields of a record class: its annotated names (not `ClassVar`s), in order."""
    return [line.body[0].target.value for line in record.body.body
            if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
            and isinstance(line.body[0], cst.AnnAssign)
            and isinstance(line.body[0].target, cst.Name)
            and "ClassVar" not in _code(line.body[0].annotation.annotation)]


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def record_values(call: cst.BaseExpression, fields: list[str]) -> list[cst.BaseExpression] | None:
    """Each field's value in `X(v0, f1=v1)`, when every field is given exactly once."""
    if not isinstance(call, cst.Call) or not fields:
        return None
    values: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        name = arg.keyword.value if arg.keyword else (
            fields[position] if position < len(fields) else None)
        if name not in fields or name in values:
            return None
        values[name] = arg.value
    if len(values) != len(fields):
        return None
    return [values[f] for f in fields]


# -- the init ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class InitValue:
    """The init as the code shows it: the expression at the call or, when the call passes a
    name bound once (`init_val = (arr, 0.0)`), the value bound to it."""

    expr: cst.BaseExpression
    scope: Scope  # where ``expr`` is evaluated
    binding: Binding | None  # the assignment of the name the call passes, if followed


# Literals whose structure code can change after they are built (`init.append(x)`).
_MUTABLE_LITERALS = (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)


def _mutable(value: cst.BaseExpression) -> bool:
    """A list, dict or set literal, or a list built from list literals by `+` or `*`
    (`[jnp.zeros(())] * n`, `[a] + [b]`)."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add,
                                                                              cst.Multiply)):
        return _mutable(value.left) or _mutable(value.right)
    return isinstance(value, _MUTABLE_LITERALS)


def followed_value(model: FileModel, scope: Scope, expr: cst.BaseExpression,
                   depth: int = 3) -> tuple[cst.BaseExpression, Scope, Binding | None]:
    """``expr`` or, when it is a name assigned exactly once, the value assigned to it
    (followed through up to ``depth`` names), with the scope that value is evaluated in and
    the first assignment followed. A list, dict or set literal is followed only when nothing
    but ``expr`` reads the name: any other read could have changed its structure."""
    first: Binding | None = None
    for _ in range(depth):
        if not isinstance(expr, cst.Name):
            break
        owner, bindings = lookup(scope, expr.value)
        if owner is None or len(bindings) != 1 or bindings[0].kind not in ("assign", "annassign"):
            break
        value = bindings[0].assigned_value
        if value is None or (_mutable(value) and any(
                name is not expr for name, _ in model.references(bindings[0]))):
            break
        expr, scope, first = value, bindings[0].scope, first or bindings[0]
    return expr, scope, first


# Decorators that leave a function's arguments as the caller passed them (jit traces them
# with the same dtypes, shapes and pytree structure).
TRANSPARENT_DECORATORS = frozenset({"jax.jit"})


def transparent(scope: Scope, function: cst.FunctionDef) -> bool:
    """The def's decorators (if any) pass its arguments through unchanged: `jax.jit`, bare, with
    options or through `functools.partial`. (`vmap` would drop a leading axis.)"""
    for decorator in function.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            if qualified_name(scope, expr.func) in TRANSPARENT_DECORATORS:
                continue
            if qualified_name(scope, expr.func) == "functools.partial" and expr.args and \
                    qualified_name(scope, expr.args[0].value) in TRANSPARENT_DECORATORS:
                continue
            return False
        if qualified_name(scope, expr) not in TRANSPARENT_DECORATORS:
            return False
    return True


def function_binding(function: cst.FunctionDef | cst.Lambda, scope: Scope) -> Binding | None:
    """The binding of a def's name, when the def is a function of a module or another
    function (not a method) bound once."""
    if not isinstance(function, cst.FunctionDef) or scope.parent is None \
            or scope.parent.kind not in ("module", "function"):
        return None
    bindings = scope.parent.bindings.get(function.name.value, [])
    if len(bindings) != 1 or bindings[0].kind != "def":
        return None
    return bindings[0]


def call_argument(function: cst.FunctionDef, param: cst.Param, call: cst.Call,
                  skip: int = 0) -> cst.BaseExpression | None | bool:
    """What ``call`` passes for ``param``: the argument's expression, None when it leaves the
    parameter to its default, False when it cannot be told (`*args`, `**kwargs`, a
    parameter that is itself `*args`). ``skip``: leading parameters the call does not pass
    (a method's `self`, called on its object)."""
    params = function.params
    positional = [*params.posonly_params, *params.params][skip:]
    index = next((n for n, p in enumerate(positional) if p is param), None)
    keyword = index is None or index + skip >= len(params.posonly_params)
    if index is None and not any(p is param for p in params.kwonly_params):
        return False
    position = 0
    found: cst.BaseExpression | None = None
    for arg in call.args:
        if arg.star:
            return False
        if arg.keyword is None:
            if position == index:
                found = arg.value
            position += 1
        elif keyword and arg.keyword.value == param.name.value:
            found = arg.value
    return found


def passed_value(function: cst.FunctionDef, param: cst.Param, call: cst.Call, caller: Scope,
                 definer: Scope, skip: int = 0) -> tuple[cst.BaseExpression, Scope] | None:
    """What ``call`` (made in ``caller``) gives ``param``, with the scope to evaluate it in:
    the argument, or the parameter's default (evaluated where the def is, ``definer``);
    None when it cannot be told."""
    argument = call_argument(function, param, call, skip)
    if argument is False:
        return None
    if argument is None:
        return None if param.default is None else (param.default, definer)
    return argument, caller  # type: ignore[return-value]


def file_function(model: FileModel, scope: Scope,
                  func: cst.BaseExpression) -> tuple[cst.FunctionDef, Scope, Scope] | None:
    """(the def, its scope, the scope binding it) when ``func`` names a function of this
    file, of a module or another function (not a method), bound once."""
    if not isinstance(func, cst.Name):
        return None
    owner, bindings = lookup(scope, func.value)
    if owner is None or len(bindings) != 1 or bindings[0].kind != "def":
        return None
    function = bindings[0].node
    inner = model.scope_of.get(id(function))
    if not isinstance(function, cst.FunctionDef) or inner is None \
            or function_binding(function, inner) is None:
        return None
    return function, inner, owner


def caller_arguments(model: FileModel, binding: Binding
                     ) -> list[tuple[cst.BaseExpression, Scope]] | None:
    """What every call of a function passes for its parameter ``binding``, each with the
    scope it is evaluated in (the caller's; a default's is the def's), when the file uses
    the function only by calling it by name (or through `jax.jit(f)(...)`): its name bound
    once and not otherwise read (passed to `scan`, `vmap`, stored), no decorator but
    `jax.jit`, not a method, and every call's argument for the parameter visible. Else
    None. Raises OutsideSlice when a stub may call it (the engine then parses the
    callers)."""
    scope = binding.scope
    function = scope.node
    if binding.kind != "param" or not isinstance(function, cst.FunctionDef):
        return None
    owner = function_binding(function, scope)
    if owner is None or not transparent(scope.parent, function):  # type: ignore[arg-type]
        return None
    param = binding.node
    assert isinstance(param, cst.Param)
    calls = model.direct_calls()
    found: list[tuple[cst.BaseExpression, Scope]] = []
    for name, reader in model.references(owner):
        call = calls.get(id(name)) or jit_applied(model).get(id(name))
        if call is None:
            return None  # the function escapes: callers the file does not show
        passed = passed_value(function, param, call, reader, scope.parent)  # type: ignore
        if passed is None:
            return None
        found.append(passed)
    return found or None


def jit_applied(model: FileModel) -> dict[int, cst.Call]:
    """`jax.jit(f)(...)` (options by keyword only), by the id of the name `f`: the call
    passes `f` its arguments as they are. Built once per model."""
    memo = model.memo
    if "jit_applied" not in memo:
        found = {}
        for call, scope in model.calls:
            applied = model.applied_call(call)
            if applied is None or not call.args or qualified_name(
                    scope, call.func) not in TRANSPARENT_DECORATORS:
                continue
            first, rest = call.args[0], call.args[1:]
            if isinstance(first.value, cst.Name) and first.keyword is None and not first.star \
                    and all(a.keyword is not None for a in rest):
                found[id(first.value)] = applied
        memo["jit_applied"] = found
    return memo["jit_applied"]


def resolve_init(model: FileModel, site: ScanSite) -> InitValue | None:
    """The site's init, following a name bound to it before the call."""
    if site.init is None:
        return None
    expr, scope, binding = followed_value(model, site.scope, site.init)
    return InitValue(expr, scope, binding)


def _init_slots(model: FileModel, site: ScanSite) -> tuple | None:
    """(container, keys, init values, record class, copy method, binding) of a literal init,
    at the call or bound to the name the call passes; else None."""
    init = resolve_init(model, site)
    if init is None:
        return None
    sequence = literal_elements(init.expr)
    if sequence is not None:
        return (sequence[0], list(range(len(sequence[1]))), sequence[1], None, "_replace",
                init.binding)
    items = _dict_items(init.expr)
    if items is not None:
        return "dict", [k for k, _ in items], [v for _, v in items], None, "_replace", init.binding
    if isinstance(init.expr, cst.Call):
        found = record_class(model, init.scope, init.expr.func)
        fields = record_fields(found[0]) if found is not None else []
        values = record_values(init.expr, fields) if fields else None
        if found is not None and values is not None:
            return "record", fields, values, *found, init.binding
    return None


def returns_of(function: cst.FunctionDef) -> list[cst.Return]:
    return own_returns(function)


def returned_carry(step: StepFunction,
                   value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The carry part of a returned value: `(carry, y)` for scan, the value otherwise."""
    if step.returns_pair is None:
        return None
    if not step.returns_pair:
        return value
    pair = literal_elements(value)
    if pair is None or pair[0] != "tuple" or len(pair[1]) != 2:
        return None
    return pair[1][0]


def _returned_slots(layout: CarryLayout, carry_name: str,
                    carry: cst.BaseExpression | None) -> list[cst.BaseExpression | None] | None:
    """Each slot's value in a returned carry literal, None for slots it keeps implicitly."""
    if layout.is_sequence:
        sequence = literal_elements(carry)
        if sequence is None or sequence[0] != layout.container or len(sequence[1]) != layout.size:
            return None
        return list(sequence[1])
    if layout.container == "dict":
        return _returned_dict(layout, carry_name, carry)
    if (isinstance(carry, cst.Call) and isinstance(carry.func, cst.Attribute)
            and _is_name(carry.func.value, carry_name)
            and carry.func.attr.value == layout.replace_method):
        given = {arg.keyword.value: arg.value for arg in carry.args if arg.keyword}
        if len(given) != len(carry.args) or not set(given) <= set(layout.keys):
            return None
        return [given.get(key) for key in layout.keys]
    assert layout.record is not None
    if not (isinstance(carry, cst.Call) and _is_name(carry.func, layout.record.name.value)):
        return None
    return record_values(carry, layout.keys)


def _returned_dict(layout: CarryLayout, carry_name: str,
                   carry: cst.BaseExpression | None) -> list[cst.BaseExpression | None] | None:
    """`{"s": s2, ...}` with every key, or `{**carry, "s": s2}` (the spread first)."""
    if not isinstance(carry, cst.Dict):
        return None
    elements = list(carry.elements)
    spread = bool(elements) and isinstance(elements[0], cst.StarredDictElement) and _is_name(
        elements[0].value, carry_name)
    items = _dict_items(carry.with_changes(elements=elements[1:] if spread else elements))
    if items is None or not {k for k, _ in items} <= set(layout.keys):
        return None
    given = dict(items)
    if not spread and len(given) != layout.size:
        return None
    return [given.get(key) for key in layout.keys]


def carry_layout(model: FileModel, site: ScanSite, step: StepFunction,
                 lambdas: bool = False) -> CarryLayout | None:
    """The layout of a tuple, list, dict or record (NamedTuple, pytree dataclass) carry, or
    None when the code does not show one. ``lambdas``: a lambda body too (its one returned
    value; ``returns`` is then empty), for rules that only read the layout.

    Several rules ask for the same site's layout; it is worked out once per file (keyed by
    the nodes it is read from, which live as long as the file's tree) and each caller gets
    its own shallow copy, so a rule that narrows `passthrough` narrows only its own."""
    key = ("carry layout", id(site), id(step.node), id(step.carry_param), step.bound_params,
           step.returns_pair, lambdas)
    memo = model.memo
    if key not in memo:
        memo[key] = _carry_layout(model, site, step, lambdas)
    layout = memo[key]
    return copy.copy(layout) if layout is not None else None


def _carry_layout(model: FileModel, site: ScanSite, step: StepFunction,
                  lambdas: bool) -> CarryLayout | None:
    init = _init_slots(model, site)
    if init is None or step.carry_param is None or not (step.is_def or lambdas):
        return None
    container, keys, elements, record, replace_method, binding = init
    function = step.node
    if isinstance(function, cst.Lambda):
        returns, values = [], [function.body]
    else:
        returns = returns_of(function)
        values = [ret.value for ret in returns]
    if not values:
        return None
    layout = CarryLayout(container, keys, elements, "whole", [None] * len(elements),
                         [None] * len(elements), None, None, returns, [], record,
                         replace_method, init_binding=binding)
    for value in values:
        slots = _returned_slots(layout, step.carry_name, returned_carry(step, value))
        if slots is None:
            return None
        layout.returned.append(slots)
    _find_access(step, layout)
    mutated = _mutated_slots(step, layout)
    layout.passthrough = [i for i in range(layout.size)
                          if i not in mutated and _is_passthrough(step, layout, i)]
    return layout


def _body_lines(step: StepFunction) -> list[cst.SimpleStatementLine]:
    """The body's leading one-statement lines (after a docstring), where slots are bound."""
    body = step.node.body
    lines = []
    if isinstance(body, cst.IndentedBlock):
        for line in body.body:
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                break
            lines.append(line)
    return lines


def _find_access(step: StepFunction, layout: CarryLayout) -> None:
    """How the body reads the carry: `a, b, c = carry` as its first statement, or slot reads
    only (some bound to names by leading `a = carry["a"]` lines)."""
    for number, line in enumerate(_body_lines(step)):
        small = line.body[0]
        if number == 0 and isinstance(small, cst.Expr) and isinstance(
                small.value, (cst.SimpleString, cst.ConcatenatedString)):
            continue  # a docstring
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            break
        target = small.targets[0].target
        if _is_name(small.value, step.carry_name) and layout.positional:
            names = literal_elements(target)
            if layout.access == "whole" and names and len(names[1]) == layout.size and all(
                    isinstance(t, cst.Name) for t in names[1]):
                layout.access = "unpack"
                layout.unpack, layout.unpack_line = small, line
                layout.slot_names = [t.value for t in names[1]]  # type: ignore[union-attr]
                layout.slot_binders = [small] * layout.size
            break
        pairs = _keyed_bindings(layout, step.carry_name, target, small.value)
        if pairs is None:
            break
        for slot, name in pairs:
            if layout.slot_names[slot] is None:
                layout.slot_names[slot], layout.slot_binders[slot] = name, small
    uses = _CarryUses(layout, step.carry_name)
    walk.visit(step.node.body, uses)
    layout.reads = uses.reads
    if layout.access == "unpack":
        if uses.reads or uses.other != 1:
            layout.access = "whole"  # the carry is also read elsewhere
    elif uses.other == 0 and (uses.reads or uses.implicit):
        layout.access = "keyed"


def _keyed_bindings(layout: CarryLayout, carry_name: str, target: cst.BaseExpression,
                    value: cst.BaseExpression) -> list[tuple[int, str]] | None:
    """(slot, name) for `a = carry["a"]` or `a, b = carry["a"], carry["b"]`, else None."""
    names, reads = literal_elements(target), literal_elements(value)
    if names is not None and reads is not None and len(names[1]) == len(reads[1]):
        pairs = list(zip(names[1], reads[1]))
    else:
        pairs = [(target, value)]
    found = []
    for name, read in pairs:
        slot = layout.slot_read(carry_name, read)
        if slot is None or not isinstance(name, cst.Name):
            return None
        found.append((slot, name.value))
    return found


def slot_reads(layout: CarryLayout, function: StepFunction) -> list[cst.BaseExpression] | None:
    """The slot reads (`carry[0]`, `carry["k"]`, `carry.k`) by which ``function`` (a while
    loop's condition, say) reads a carry of ``layout``; None when it reads it otherwise."""
    uses = _CarryUses(layout, function.carry_name)
    walk.visit(function.node.body, uses)
    return None if uses.other or uses.implicit else uses.reads


class _CarryUses(cst.CSTVisitor):
    """Slot reads of the carry parameter, and its other uses. `**carry` and
    `carry._replace(...)` count apart: they keep slots implicitly."""

    def __init__(self, layout: CarryLayout, name: str) -> None:
        self.layout = layout
        self.name = name
        self.reads: list[cst.BaseExpression] = []
        self.implicit = 0
        self.other = 0

    def _slot_read(self, node: cst.BaseExpression) -> bool:
        if self.layout.slot_read(self.name, node) is not None:
            self.reads.append(node)
            return True
        return False

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        return not self._slot_read(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if self._slot_read(node):
            return False
        if _is_name(node.value, self.name) and node.attr.value == self.layout.replace_method:
            self.implicit += 1
            return False
        walk.visit(node.value, self)  # the attribute's own name is not a read
        return False

    def _shadows(self, params: cst.Parameters) -> bool:
        """A nested function naming a parameter like the carry: its reads are not ours, and
        we do not follow scopes here, so it counts as another use."""
        if any(p.name.value == self.name for p in all_params(params)):
            self.other += 1
            return True
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return not self._shadows(node.params)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return not self._shadows(node.params)

    def visit_StarredDictElement(self, node: cst.StarredDictElement) -> bool:
        if _is_name(node.value, self.name):
            self.implicit += 1
            return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.other += 1


def only_indexed(step: StepFunction) -> bool:
    """Every read of the carry parameter is `carry[<int literal>]`."""
    finder = _IndexUses(step.carry_name)
    walk.visit(step.node.body, finder)
    return finder.indexed > 0 and finder.other == 0


class _IndexUses(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.indexed = 0
        self.other = 0

    def visit_Subscript(self, node: cst.Subscript) -> bool:
        if isinstance(node.value, cst.Name) and node.value.value == self.name:
            if slot_index(node) is not None:
                self.indexed += 1
                for element in node.slice:
                    walk.visit(element, self)
                return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.other += 1


def slot_index(node: cst.BaseExpression) -> int | None:
    """``i`` for `carry[i]` with an integer literal, else None."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.Integer):
            return int(index.value.evaluated_value)
    return None


def _is_passthrough(step: StepFunction, layout: CarryLayout, i: int) -> bool:
    """Every return gives slot ``i`` back as it came in: implicitly, as `carry[i]`, or as the
    name the body bound the slot to (and bound nothing else to). (Whether the body changes
    the slot's object in place is `_mutated_slots`, asked once per layout.)"""
    params = step.scope.bindings.get(step.carry_name, [])
    carry_unchanged = len(params) == 1 and params[0].kind == "param"
    for values in layout.returned:
        out = values[i]
        if out is None or layout.slot_read(step.carry_name, out) == i:
            if not carry_unchanged:
                return False
            continue
        name = layout.slot_names[i]
        if not (_is_name(out, name or "") and layout.slot_binders[i] is not None):
            return False
        bindings = step.scope.bindings.get(name or "", [])
        if not (len(bindings) == 1 and bindings[0].node is layout.slot_binders[i]):
            return False
        if layout.access != "unpack" and not carry_unchanged:
            return False
    return True


# Methods that change a Python container (a dict, list or set slot) in place.
# (Not `add`, `sort`: jax arrays have them, returning new arrays.)
_MUTATING_METHODS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove",
                               "clear", "update", "setdefault", "discard", "__setitem__",
                               "__delitem__"})


def _mutated_slots(step: StepFunction, layout: CarryLayout) -> set[int]:
    """Slots whose object the body changes in place: `log["k"] = v`, `state.x = v`,
    `buf[i] += v`, `del d["k"]`, `log.update(...)`, `acc.append(x)`, through the slot's name
    or a slot read (`carry["log"]["k"] = v`). Changing the carry object itself
    (`carry.update(...)`, `carry["k"] = v`) changes every slot."""
    finder = _Mutations()
    walk.visit(step.node.body, finder)
    names = {name: i for i, name in enumerate(layout.slot_names) if name}
    found: set[int] = set()
    for target in finder.targets:
        if _through_at(target):
            continue  # `x.at[i].set(v)` makes a new array
        node = target
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            inner = node.value
            slot = layout.slot_read(step.carry_name, node)
            if slot is not None:
                found.add(slot)
                break
            if _is_name(inner, step.carry_name) and node is target:
                return set(range(layout.size))  # the carry object itself changes
            node = inner
        else:
            if isinstance(node, cst.Name) and node is not target and node.value in names:
                found.add(names[node.value])
            elif _is_name(node, step.carry_name) and node is not target:
                return set(range(layout.size))
    return found


def _through_at(node: cst.BaseExpression) -> bool:
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        if isinstance(node, cst.Attribute) and node.attr.value == "at":
            return True
        node = node.value
    return False


class _Mutations(cst.CSTVisitor):
    """The expressions a body changes in place: subscript and attribute targets of
    assignments, augmented assignments and `del`, and objects of mutating method calls. A
    bare name target (`s += 1` too) is a new binding of the name, which `_is_passthrough`
    sees as such."""

    def __init__(self) -> None:
        self.targets: list[cst.BaseExpression] = []

    def _add(self, target: cst.BaseExpression) -> None:
        self.targets += [leaf for leaf in leaf_targets(target)
                         if isinstance(leaf, (cst.Attribute, cst.Subscript))]

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._add(target.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._add(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._add(node.target)

    def visit_Del(self, node: cst.Del) -> None:
        self._add(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in _MUTATING_METHODS:
            self.targets.append(node.func)
