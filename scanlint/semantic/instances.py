"""Objects of the file's own classes that a loop body reaches, and what their methods change
on `self`.

Part of the model (ground layer), on top of `carry.py`: SCN204 reads these facts. An object's
class is known when the code shows it: a name bound only to `Class(...)` (module level or in
an enclosing function), a parameter every call of whose function in the file passes such an
object, the `self` of a method, or an attribute `self.attr` that every method of the class
assigns only `Class(...)`. Only plain classes count: no base from a framework whose modules
set their attributes under its own rules (flax, haiku, equinox, chex, penzai), nor a
`NamedTuple` or `Enum`, the same for the bases of the file's own classes, and no decorator but
`dataclasses.dataclass` (not frozen) or `jax.tree_util.register_pytree_node_class`. A frozen
dataclass's `object.__setattr__` is not an assignment here.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.carry import caller_arguments
from scanlint.semantic.model import FileModel, qualified_decorator
from scanlint.semantic.scopes import Binding, OwnCode, Scope, StoreVisitor, lookup, qualified_name

# List, dict and set methods that change the container in place.
MUTATORS = frozenset({"append", "extend", "insert", "update", "add", "pop", "setdefault",
                      "clear", "remove", "discard", "popitem"})
# Bases (by qualified name prefix) whose classes do not keep attributes as plain objects do.
FRAMEWORK_BASES = ("flax.", "haiku.", "equinox.", "chex.", "penzai.", "typing.NamedTuple",
                   "typing_extensions.NamedTuple", "enum.")
PLAIN_DECORATORS = frozenset({"dataclasses.dataclass",
                              "jax.tree_util.register_pytree_node_class"})
_DEPTH = 3


@dataclass(frozen=True)
class SelfChange:
    """A statement of a method that changes its object: where, what (`self.w`), in which
    method, and whether a test of that same attribute guards it (`if self.w is None:`, a
    lazy initialisation: it runs only on the object's first call)."""

    node: cst.CSTNode
    target: str
    method: cst.FunctionDef
    owner: str  # the class that defines the method
    guarded: bool


def object_class(model: FileModel, scope: Scope, expr: cst.BaseExpression,
                 depth: int = 0) -> Scope | None:
    """The scope of the plain class of this file whose instance ``expr`` (read in ``scope``)
    visibly is: a name or `name.attr`; else None."""
    if depth > _DEPTH:
        return None
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        holder = object_class(model, scope, expr.value, depth + 1)
        return None if holder is None else _attribute_class(model, holder, expr.attr.value,
                                                            depth + 1)
    if not isinstance(expr, cst.Name):
        return None
    owner, bindings = lookup(scope, expr.value)
    if owner is None or not bindings:
        return None
    if len(bindings) == 1 and bindings[0].kind == "param":
        return _parameter_class(model, bindings[0], depth)
    if not all(b.kind in ("assign", "annassign") for b in bindings):
        return None
    return _same([_made_class(model, b.scope, b.assigned_value, depth + 1) for b in bindings])


def _same(classes: list[Scope | None]) -> Scope | None:
    if not classes or classes[0] is None or any(c is not classes[0] for c in classes):
        return None
    return classes[0]


def self_class(binding: Binding) -> Scope | None:
    """The class scope when ``binding`` is the first parameter of an instance method."""
    owner = binding.scope
    function = owner.node
    if owner.kind != "function" or owner.parent is None or owner.parent.kind != "class" \
            or not isinstance(function, cst.FunctionDef):
        return None
    positional = [*function.params.posonly_params, *function.params.params]
    if not positional or positional[0] is not binding.node or any(
            qualified_decorator(owner.parent, d.decorator) in ("staticmethod", "classmethod")
            for d in function.decorators):
        return None
    return owner.parent


def _parameter_class(model: FileModel, binding: Binding, depth: int) -> Scope | None:
    found = self_class(binding)
    if found is not None:
        return found if plain_class(model, found) else None
    arguments = caller_arguments(model, binding)
    if not arguments:
        return None
    return _same([object_class(model, scope, expr, depth + 1) if isinstance(expr, cst.Name)
                  else _made_class(model, scope, expr, depth + 1) for expr, scope in arguments])


def _made_class(model: FileModel, scope: Scope, value: cst.BaseExpression | None,
                depth: int) -> Scope | None:
    """The class scope when ``value`` is `Class(...)` of a plain class of this file."""
    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
        return None
    found = _class_named(model, scope, value.func)
    return found if found is not None and plain_class(model, found, depth) else None


def _class_named(model: FileModel, scope: Scope, name: cst.Name) -> Scope | None:
    owner, bindings = lookup(scope, name.value)
    if owner is None or len(bindings) != 1 or bindings[0].kind != "class":
        return None
    return model.scope_of.get(id(bindings[0].node))


def plain_class(model: FileModel, class_scope: Scope, depth: int = 0) -> bool:
    """A class whose instances are plain Python objects: see the module's docstring."""
    node = class_scope.node
    if not isinstance(node, cst.ClassDef) or depth > _DEPTH or class_scope.parent is None:
        return False
    outer = class_scope.parent
    for decorator in node.decorators:
        expr = decorator.decorator
        call = expr if isinstance(expr, cst.Call) else None
        if qualified_name(outer, call.func if call else expr) not in PLAIN_DECORATORS:
            return False
        if call is not None and any(a.keyword is None or a.keyword.value == "frozen"
                                    for a in call.args):
            return False
    for keyword in node.keywords:
        if keyword.keyword is None or keyword.keyword.value != "metaclass" or qualified_name(
                outer, keyword.value) != "abc.ABCMeta":
            return False
    for base in _bases(model, class_scope):
        if isinstance(base, Scope):
            if not plain_class(model, base, depth + 1):
                return False
        elif base is None or base.startswith(FRAMEWORK_BASES):
            return False
    return True


def _bases(model: FileModel, class_scope: Scope) -> list[Scope | str | None]:
    """Per base: the file's class scope, or the qualified name of an outside one."""
    node = class_scope.node
    assert isinstance(node, cst.ClassDef)
    outer = class_scope.parent
    assert outer is not None
    found: list[Scope | str | None] = []
    for arg in node.bases:
        expr = arg.value
        if isinstance(expr, cst.Subscript):
            expr = expr.value  # `Generic[T]`
        if isinstance(expr, cst.Name) and lookup(outer, expr.value)[0] is None:
            found.append(expr.value)  # a builtin (`object`)
            continue
        local = _class_named(model, outer, expr) if isinstance(expr, cst.Name) else None
        found.append(local if local is not None else qualified_name(outer, expr))
    return found


def find_method(model: FileModel, class_scope: Scope, name: str,
                depth: int = 0) -> tuple[cst.FunctionDef, Scope] | None:
    """The plain instance method ``name`` the class defines or inherits from a class of this
    file (bases left to right, depth first), with the scope of the class defining it."""
    if depth > _DEPTH:
        return None
    bindings = class_scope.bindings.get(name, [])
    if bindings:
        method = bindings[-1].node if all(b.kind == "def" for b in bindings) else None
        if not isinstance(method, cst.FunctionDef) or method.decorators:
            return None
        return method, class_scope
    for base in _bases(model, class_scope):
        if isinstance(base, Scope):
            found = find_method(model, base, name, depth + 1)
            if found is not None:
                return found
    return None


def _attribute_class(model: FileModel, class_scope: Scope, attr: str,
                     depth: int) -> Scope | None:
    """The class every assignment of `self.attr` in the class's methods makes."""
    made: list[Scope | None] = []
    for binding in _methods(class_scope):
        method = binding.node
        scope = model.scope_of.get(id(method))
        params = [*method.params.posonly_params, *method.params.params]
        if scope is None or not params or method.decorators:
            continue
        own = params[0].name.value
        for target, value in _attribute_stores(method):
            if target.attr.value == attr and isinstance(target.value, cst.Name) \
                    and target.value.value == own:
                made.append(_made_class(model, scope, value, depth + 1))
    return _same(made)


def _methods(class_scope: Scope) -> list[Binding]:
    return [b for bindings in class_scope.bindings.values() for b in bindings
            if b.kind == "def" and isinstance(b.node, cst.FunctionDef)]


def _attribute_stores(method: cst.FunctionDef) -> list[tuple[cst.Attribute, cst.BaseExpression]]:
    """`x.attr = value` statements of the method (not of functions inside it)."""
    found: list[tuple[cst.Attribute, cst.BaseExpression]] = []

    class Stores(OwnCode):
        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                if isinstance(target.target, cst.Attribute):
                    found.append((target.target, node.value))

    walk.visit(method, Stores(method))
    return found


def self_changes(model: FileModel, instance: Scope, method: cst.FunctionDef, defined_in: Scope,
                 seen: set | None = None, depth: int = 0) -> list[SelfChange]:
    """What ``method`` (of the class ``defined_in``, run on an instance of ``instance``)
    changes on its object: assignments to `self.x` (or into `self.x[...]`, `self.x.y`),
    mutating calls on a container it holds (`self.log.append(v)`), and the same in the
    methods it calls on `self` or on an attribute holding an object of a plain class. A
    container filled under a test of that container (`if k not in self._cache:`) is a
    deliberate trace-time cache and is left out."""
    seen = set() if seen is None else seen
    if id(method) in seen or depth > _DEPTH:
        return []
    seen.add(id(method))
    scope = model.scope_of.get(id(method))
    params = [*method.params.posonly_params, *method.params.params]
    if scope is None or not params:
        return []
    own = params[0].name.value
    owner_name = defined_in.node.name.value  # type: ignore[attr-defined]
    found: list[SelfChange] = []
    calls: list[cst.Call] = []

    class Finder(OwnCode, StoreVisitor):
        def __init__(self) -> None:
            super().__init__(method)
            self.guards: list[set[str]] = []
            self.statement_calls: set[int] = set()

        def visit_If(self, node: cst.If) -> None:
            self.guards.append(_tested(node.test))

        def leave_If(self, original_node: cst.If) -> None:
            self.guards.pop()

        def visit_Expr(self, node: cst.Expr) -> None:
            self.statement_calls.add(id(node.value))

        def _guarded(self, text: str) -> bool:
            return any(text in tested for tested in self.guards)

        def store(self, node: cst.CSTNode, target: cst.BaseExpression) -> None:
            if isinstance(target, (cst.Tuple, cst.List)):
                for element in target.elements:
                    self.store(node, element.value)
                return
            held = _held(target, own)
            if held is None:
                return
            if isinstance(target, cst.Attribute) and target.value is not None \
                    and isinstance(target.value, cst.Name):
                found.append(SelfChange(node, _code(target), method, owner_name,
                                        self._guarded(held)))
            elif not self._guarded(held):  # an item of a container it holds
                found.append(SelfChange(node, _code(target), method, owner_name, False))

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS \
                    and id(node) in self.statement_calls:
                held = _held(func.value, own)
                if held is not None and isinstance(func.value, cst.Attribute) \
                        and not self._guarded(held):
                    found.append(SelfChange(node, _code(func.value), method, owner_name, False))
                    return
            calls.append(node)

    walk.visit(method, Finder())
    for call in calls:
        callee = called_method(model, scope, call)
        if callee is not None:
            inner, defining, _what = callee
            found += self_changes(model, _what_class(model, scope, call) or instance, inner,
                                  defining, seen, depth + 1)
    return found


def _what_class(model: FileModel, scope: Scope, call: cst.Call) -> Scope | None:
    func = call.func
    return object_class(model, scope, func.value if isinstance(func, cst.Attribute) else func)


def called_method(model: FileModel, scope: Scope, call: cst.Call
                  ) -> tuple[cst.FunctionDef, Scope, str] | None:
    """(the method, the class defining it, the receiver's code) when ``call`` calls a method
    of an object of a plain class of this file: `obj.method(...)`, `obj.attr.method(...)`,
    or `obj(...)` (its `__call__`)."""
    func = call.func
    if isinstance(func, cst.Attribute):
        receiver, name = func.value, func.attr.value
    elif isinstance(func, cst.Name):
        receiver, name = func, "__call__"
    else:
        return None
    instance = object_class(model, scope, receiver)
    if instance is None:
        return None
    found = find_method(model, instance, name)
    if found is None:
        return None
    return found[0], found[1], _code(receiver)


def _held(target: cst.BaseExpression, own: str) -> str | None:
    """`self.x` when ``target`` is `self.x`, `self.x[...]` or `self.x.y...` (``own`` is the
    method's first parameter), else None."""
    node = target
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
                and node.value.value == own:
            return _code(node)
        node = node.value
    return None


def _tested(test: cst.BaseExpression) -> set[str]:
    """The attribute chains (`self.w`) and names an `if` test reads."""
    found: set[str] = set()

    class Reads(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            found.add(_code(node))

        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    walk.visit(test, Reads())
    return found


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
