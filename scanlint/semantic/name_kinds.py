"""What a name of an enclosing function holds, as far as the code shows: arrays (which can
be threaded through a loop's carry), Python-number constants, static values, functions or
other objects.

A name is judged twice. By how it is bound: from a jax.numpy / lax / random call, arithmetic
on arrays, a loop's result (arrays); from literals only (a constant); from `.shape`, `len()`,
NumPy (static values); a `def`, a lambda, `jax.jit(f)` (functions). And by how it is used:
every read of it (and of names it is copied to) gets the context it is read in
(`name_uses.py`). A name passed to a function of the same file is followed into that
function's parameter, transitively (to `FOLLOW_DEPTH` calls).

Part of the model (ground layer). It reads the statements of the enclosing function and of
the module-level (and enclosing) functions a name is passed to, and the module-level
bindings of names a binding reads.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic.model import FileModel
from scanlint.semantic.name_uses import (ARRAY, ARRAY_FUNCTION_TRANSFORMS, ARRAY_INFO,
                                         ARRAY_METHODS, ARRAY_MODULES, ARRAY_RESULT_CALLS,
                                         ARRAY_VALUES, CONSTANT, FOLLOW_DEPTH, FUNCTION,
                                         FUNCTION_ARGS, NEUTRAL, OBJECT, STATIC, STATIC_KEYWORDS,
                                         STATIC_RESULTS, TRANSFORMS, UNKNOWN, NameUses, Use,
                                         last_part, target_name_nodes)
from scanlint.semantic.scopes import (BUILTIN_NAMES, Binding, Scope, StubBinding, dotted, lookup,
                                      qualified_name, target_names)


# -- judging a name ---------------------------------------------------------------------------
class Values:
    """What the names of one file hold. Built per file; caches the walks it makes."""

    def __init__(self, model: FileModel) -> None:
        self.model = model
        self.bodies = {id(ref.function) for site in model.sites for ref in site.bodies
                       if ref.function is not None}
        self._contexts: dict[int, dict[int, Use]] = {}
        self.pallas = _imports_pallas(model.module_scope)

    def _uses_in(self, scope: Scope) -> dict[int, Use]:
        """The uses of the names read in the top-level statement holding ``scope``."""
        top = scope
        while top.parent is not None and top.parent.parent is not None:
            top = top.parent
        if top.parent is None:
            return {}
        found = self._contexts.get(id(top.node))
        if found is None:
            walker = NameUses(self.model, self.bodies)
            walker.scope = self.model.module_scope
            walker.node(top.node)
            found = self._contexts[id(top.node)] = walker.uses
        return found

    def uses(self, binding: Binding, depth: int = 0, seen: set | None = None) -> list[Use]:
        """Every use of the value ``binding`` binds, following copies and calls into this
        file's functions."""
        seen = set() if seen is None else seen
        if id(binding) in seen:
            return []
        seen.add(id(binding))
        found: list[Use] = []
        for name, scope in self.model.references(binding):
            use = self._uses_in(scope).get(id(name), NEUTRAL)
            found.extend(self._expand(use, depth, seen))
        return found

    def _expand(self, use: Use, depth: int, seen: set) -> list[Use]:
        if use.strong and use.kind in ("bind", "call"):  # `y = x[t]`: x is an array, and more
            return [Use(ARRAY, "indexed by a computed value", strong=True),
                    *self._expand(Use(use.kind, use.why, use.follow, weakened=use.weakened),
                                  depth, seen)]
        if use.weakened:
            return [Use(u.kind, u.why, strong=False)
                    for u in self._expand(Use(use.kind, use.why, use.follow), depth, seen)]
        if use.kind == "bind":
            scope, names = use.follow
            out: list[Use] = []
            for name in names:
                _owner, bindings = lookup(scope, name.value)
                for binding in bindings:
                    if _binds_node(binding, name):
                        out.extend(self.uses(binding, depth, seen))
            return out
        if use.kind == "call":
            if depth >= FOLLOW_DEPTH:
                return [Use(UNKNOWN, use.why)]
            function, position, keyword = use.follow
            if isinstance(function, StubBinding):
                function = function.node  # the def is parsed only now: OutsideSlice
            param = _parameter(self.model, function, position, keyword)
            if param is None:
                return [Use(UNKNOWN, use.why)]
            inner = self.uses(param, depth + 1, seen)
            where = _function_label(function)
            return [Use(u.kind, f"{u.why} in `{where}`", strong=u.strong)
                    for u in inner] or [Use(UNKNOWN, use.why)]
        return [use]

    # -- the verdict ----------------------------------------------------------------------
    def carry_reason(self, name: str, bindings: list[Binding]) -> str | None:
        """None when the name can be threaded through a carry (it holds arrays, and nothing
        needs it as anything else); else why it stays captured."""
        kind, why = self.bound_kind(bindings)
        if kind not in (ARRAY, "parameter"):
            return _reason(name, kind, why)
        uses = [u for b in bindings for u in self.uses(b)]
        for use in uses:
            if use.kind in (STATIC, FUNCTION, OBJECT):
                return f"`{name}` is {use.why}" if use.why else _reason(name, use.kind, "")
        if kind == "parameter" and not any(u.kind == ARRAY and u.strong for u in uses):
            return f"`{name}` is a parameter not shown to hold arrays"
        return None

    def bound_kind(self, bindings: list[Binding], seen: set | None = None) -> tuple[str, str]:
        """(kind, why) of what the bindings of one name give it: array, constant, static,
        function, object, unknown, or "parameter" (judged by its uses)."""
        seen = set() if seen is None else seen
        kinds = [k for k in (self._binding_kind(b, seen) for b in bindings) if k[0] != "augment"]
        if not kinds:
            return UNKNOWN, ""
        for wanted in (FUNCTION, OBJECT, STATIC, UNKNOWN):
            for kind, why in kinds:
                if kind == wanted:
                    return kind, why
        if any(k == "parameter" for k, _ in kinds):
            return ("parameter", "") if all(k in ("parameter", ARRAY) for k, _ in kinds) else (
                UNKNOWN, "")
        if all(k == CONSTANT for k, _ in kinds):
            return kinds[0]
        return (ARRAY, "") if any(k == ARRAY for k, _ in kinds) else kinds[0]

    def _binding_kind(self, binding: Binding, seen: set) -> tuple[str, str]:
        if id(binding) in seen:
            return UNKNOWN, "bound from itself"
        seen = seen | {id(binding)}
        node = binding.node
        if binding.kind == "param":
            if self.pallas:
                return OBJECT, ("a parameter in a file using Pallas, where it may be a memory "
                                "ref (`.at`, indexing, `.shape` do not tell one from an array)")
            return _parameter_kind(binding)
        if binding.kind in ("def", "class"):
            return FUNCTION, "a function or class"
        if binding.kind == "import":
            return OBJECT, "a module or imported object"
        if binding.kind == "augassign":  # `x += v` keeps what `x` is, when `v` is a number
            assert isinstance(node, cst.AugAssign)
            kind, why = self.expr_kind(node.value, binding.scope, seen)
            return ("augment", "") if kind in (ARRAY, CONSTANT) else (kind, why)
        if binding.kind == "loop" and isinstance(node, cst.CompFor):
            # a comprehension's target: an item of what it iterates (a Python value of
            # Python values, or not known)
            where = binding.scope.parent if node is getattr(
                binding.scope.node, "for_in", None) else binding.scope
            kind, why = self.expr_kind(node.iter, where or binding.scope, seen)
            return (STATIC, "an item of a Python sequence") if kind in (CONSTANT, STATIC) \
                else (UNKNOWN, "bound by a comprehension")
        if binding.kind in ("assign", "annassign", "walrus"):
            value = _bound_value(binding)
            if value is None:
                return UNKNOWN, "unpacked from a value the code does not show"
            return self.expr_kind(value, binding.scope, seen)
        return UNKNOWN, f"bound by a `{binding.kind}`"

    def expr_kind(self, expr: cst.BaseExpression, scope: Scope, seen: set) -> tuple[str, str]:
        """What an expression evaluates to, as far as the code shows."""
        if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary)):
            return CONSTANT, "a Python number"
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
                             cst.Set, cst.SetComp)):
            return STATIC, "a string or set"
        if isinstance(expr, cst.Lambda):
            return FUNCTION, "a lambda"
        if isinstance(expr, cst.Name):
            return self._name_kind(expr, scope, seen)
        if isinstance(expr, cst.Attribute):
            if expr.attr.value in ARRAY_INFO:
                return STATIC, f"`.{expr.attr.value}` of an array"
            if _enum_member(expr, scope):
                return CONSTANT, f"a member of the enum `{dotted(expr.value)}`"
            if expr.attr.value in ARRAY_VALUES and expr.attr.value != "at":
                return self.expr_kind(expr.value, scope, seen)
            return UNKNOWN, f"the attribute `{dotted(expr) or expr.attr.value}`"
        if isinstance(expr, cst.Subscript):
            kind, why = self.expr_kind(expr.value, scope, seen)
            if kind == CONSTANT and dotted(expr.value):  # `TABLE["k"]`: not a number itself
                return kind, f"an item of `{dotted(expr.value)}`"
            return kind, why
        if isinstance(expr, cst.UnaryOperation):
            if isinstance(expr.operator, cst.Not):
                return STATIC, "a bool"
            return self.expr_kind(expr.expression, scope, seen)
        if isinstance(expr, cst.BinaryOperation):  # an array with numbers is an array
            return _combine([self.expr_kind(expr.left, scope, seen),
                             self.expr_kind(expr.right, scope, seen)], arithmetic=True)
        if isinstance(expr, cst.IfExp):
            return _combine([self.expr_kind(expr.body, scope, seen),
                             self.expr_kind(expr.orelse, scope, seen)])
        if isinstance(expr, (cst.Tuple, cst.List)):
            if not expr.elements:
                return STATIC, "an empty sequence"
            parts = [self.expr_kind(e.value, scope, seen) for e in expr.elements]
            if any(not isinstance(e, cst.Element) for e in expr.elements) and not all(
                    kind in (CONSTANT, STATIC) for kind, _ in parts):
                return UNKNOWN, "a starred sequence"
            return _combine(parts)
        if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
            return self._comprehension_kind(expr, scope, seen)
        if isinstance(expr, cst.Dict):
            if any(not isinstance(e, cst.DictElement) for e in expr.elements) or not expr.elements:
                return UNKNOWN, "a dict with `**` or empty"
            return _combine([self.expr_kind(e.value, scope, seen) for e in expr.elements])
        if isinstance(expr, (cst.Comparison, cst.BooleanOperation)):
            parts = [self.expr_kind(expr.left, scope, seen)]
            if isinstance(expr, cst.Comparison):
                parts += [self.expr_kind(c.comparator, scope, seen) for c in expr.comparisons]
            else:
                parts.append(self.expr_kind(expr.right, scope, seen))
            return _combine(parts)
        if isinstance(expr, cst.Call):
            return self._call_kind(expr, scope, seen)
        return UNKNOWN, "an expression the code does not resolve"

    def _comprehension_kind(self, expr: cst.ListComp | cst.GeneratorExp, scope: Scope,
                            seen: set) -> tuple[str, str]:
        """A comprehension over Python values whose elements are built from constants
        (`[int(Kind(i)) for i in range(len(Kind))]`): a constant. Its targets are judged by
        the bindings `_binding_kind` gives them (the items of what they iterate)."""
        inner = self.model.scope_of.get(id(expr))
        if inner is None:
            return UNKNOWN, "a comprehension"
        clause: cst.CompFor | None = expr.for_in
        parts = []
        while clause is not None:
            parts.append(self.expr_kind(clause.iter, scope if clause is expr.for_in else inner,
                                        seen))
            parts += [self.expr_kind(test.test, inner, seen) for test in clause.ifs]
            clause = clause.inner_for_in
        parts.append(self.expr_kind(expr.elt, inner, seen))
        if all(kind in (CONSTANT, STATIC) for kind, _ in parts):
            return CONSTANT, "built from constants by a comprehension"
        return UNKNOWN, "a comprehension"

    def _name_kind(self, expr: cst.Name, scope: Scope, seen: set) -> tuple[str, str]:
        if expr.value in ("True", "False", "None"):
            return STATIC, f"`{expr.value}`"
        owner, bindings = lookup(scope, expr.value)
        if owner is None:
            return (FUNCTION, "a builtin") if expr.value in BUILTIN_NAMES else (UNKNOWN, "")
        kind, why = self.bound_kind(bindings, seen)
        if kind == "parameter":
            return (ARRAY, "") if all(self.carry_reason(expr.value, [b]) is None
                                      for b in bindings) else (UNKNOWN, "")
        return kind, why

    def _call_kind(self, call: cst.Call, scope: Scope, seen: set) -> tuple[str, str]:
        func = call.func
        qname = qualified_name(scope, func)
        last = last_part(qname or dotted(func))
        if isinstance(func, cst.Call):  # `jax.vmap(f)(x)`: a transformed function's result
            inner = qualified_name(scope, func.func)
            return (ARRAY, "") if inner in ARRAY_FUNCTION_TRANSFORMS else (UNKNOWN, "")
        if qname is not None:
            if qname in ARRAY_RESULT_CALLS or qname in FUNCTION_ARGS:
                return ARRAY, ""
            if qname in TRANSFORMS:
                return FUNCTION, f"made by `{dotted(func)}`"
            if qname.startswith(("numpy.", "math.")):
                return STATIC, f"a NumPy or `math` value (`{dotted(func)}`)"
            if qname.startswith(ARRAY_MODULES):
                if last in STATIC_RESULTS:
                    return STATIC, f"a Python value (`{dotted(func)}`)"
                args = [self.expr_kind(a.value, scope, seen) for a in call.args
                        if a.keyword is None or a.keyword.value not in STATIC_KEYWORDS]
                if all(kind in (CONSTANT, STATIC) for kind, _ in args):
                    return CONSTANT, f"built from constants by `{dotted(func)}`"
                return ARRAY, ""
            return UNKNOWN, f"the result of `{dotted(func)}`"
        if isinstance(func, cst.Name) and lookup(scope, func.value)[0] is None:
            if func.value in ("float", "int", "bool", "len", "str", "round", "complex",
                              "range"):
                return STATIC, f"a Python value (`{func.value}()`)"
            if func.value in ("abs", "min", "max", "sum", "list", "tuple", "sorted",
                              "reversed"):
                return _combine([self.expr_kind(a.value, scope, seen) for a in call.args])
        if isinstance(func, cst.Attribute) and func.attr.value in DICT_VIEWS and not call.args:
            kind, why = self.expr_kind(func.value, scope, seen)
            if kind in (CONSTANT, STATIC):
                return kind, why  # `TABLE.values()` of a dict of numbers
        if isinstance(func, cst.Attribute) and func.attr.value in ARRAY_METHODS - {
                "item", "tolist"}:
            kind, why = self.expr_kind(func.value, scope, seen)
            if isinstance(func.value, cst.Subscript) and isinstance(
                    func.value.value, cst.Attribute) and func.value.value.attr.value == "at":
                kind, why = self.expr_kind(func.value.value.value, scope, seen)
            return (kind, why) if kind in (ARRAY, CONSTANT) else (UNKNOWN, why)
        return UNKNOWN, f"the result of `{dotted(func) or 'a call'}`"


# Methods of a dict giving its items: of a dict of constants, constants.
DICT_VIEWS = frozenset({"values", "keys", "items"})
ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.IntFlag", "enum.Flag",
                        "enum.StrEnum"})


def _enum_member(expr: cst.Attribute, scope: Scope) -> bool:
    """`Kind.MEMBER` of an enum class of the file (a base of `enum`) whose body binds the
    member to a literal: a constant."""
    if not isinstance(expr.value, cst.Name):
        return False
    owner, bindings = lookup(scope, expr.value.value)
    if owner is None or len(bindings) != 1 or bindings[0].kind != "class":
        return False
    node = bindings[0].node
    assert isinstance(node, cst.ClassDef)
    if not any(qualified_name(owner, base.value) in ENUM_BASES for base in node.bases):
        return False
    for line in node.body.body:
        small = line.body[0] if isinstance(line, cst.SimpleStatementLine) else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                small.targets[0].target, cst.Name) and small.targets[0].target.value == \
                expr.attr.value:
            return isinstance(small.value, (cst.Integer, cst.Float, cst.SimpleString))
    return False


def _combine(kinds: list[tuple[str, str]], arithmetic: bool = False) -> tuple[str, str]:
    """The kind of a value made of parts: any function, object, static or unknown part
    decides; all constants is a constant; arrays with constants are an array when the parts
    are combined by arithmetic, and a constant when they are leaves of one pytree (the
    constant leaf would be threaded)."""
    if arithmetic and any(k == ARRAY for k, _ in kinds):
        return ARRAY, ""
    for wanted in (FUNCTION, OBJECT, UNKNOWN, STATIC):
        for kind, why in kinds:
            if kind == wanted:
                return kind, why
    if all(k == CONSTANT for k, _ in kinds):
        return CONSTANT, kinds[0][1] if kinds else ""
    if any(k == CONSTANT for k, _ in kinds) and not arithmetic:
        return CONSTANT, "it holds a Python number"
    return ARRAY, ""


def _reason(name: str, kind: str, why: str) -> str:
    if kind == CONSTANT:
        return f"`{name}` is a constant ({why or 'a Python number'})"
    label = {STATIC: "a static value", FUNCTION: "a function", OBJECT: "an object",
             UNKNOWN: "not shown to hold arrays"}[kind]
    return f"`{name}` is {label}" + (f" ({why})" if why else "")


def _imports_pallas(module: Scope) -> bool:
    """The module imports Pallas or Mosaic (kernels whose parameters are memory refs)."""
    names = [b.qualified_name or "" for bindings in module.bindings.values() for b in bindings
             if b.kind == "import"] + module.star_imports
    return any(".pallas" in n or ".mosaic" in n for n in names)


def _parameter_kind(binding: Binding) -> tuple[str, str]:
    node = binding.node
    function = binding.scope.node
    if isinstance(function, cst.FunctionDef):
        params = function.params
        if node is params.star_arg:
            return OBJECT, "`*args`, which may hold anything"
        if node is params.star_kwarg:
            return OBJECT, "`**kwargs`, which may hold anything"
        positional = [*params.posonly_params, *params.params]
        parent = binding.scope.parent
        if (parent is not None and parent.kind == "class" and positional
                and positional[0] is node
                and not any(dotted(d.decorator) == "staticmethod" for d in function.decorators)):
            return OBJECT, "the method's instance or class"
    return "parameter", ""


def _bound_value(binding: Binding) -> cst.BaseExpression | None:
    """The value a name gets from an assignment, through tuple unpacking of a literal; for
    other unpacking (`a, b = f(x)`) the whole value, since every part of an array result is
    an array."""
    node = binding.node
    if isinstance(node, cst.NamedExpr):
        return node.value
    value = binding.assigned_value
    if value is not None:
        return value
    if not isinstance(node, (cst.Assign, cst.AnnAssign)) or node.value is None:
        return None
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
    for target in targets:
        found = _element_value(target, node.value, binding.name)
        if found is not None:
            return found
    return None


def _element_value(target, value, name: str):
    if isinstance(target, cst.Name):
        return value if target.value == name else None
    if not isinstance(target, (cst.Tuple, cst.List)):
        return None
    if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
        for t, v in zip(target.elements, value.elements):
            found = _element_value(t.value, v.value, name)
            if found is not None:
                return found
        return None
    return value if name in target_names(target) and isinstance(value, cst.Call) else None


def _binds_node(binding: Binding, name: cst.Name) -> bool:
    """Whether ``binding`` is the assignment that ``name`` (a target) is part of."""
    return any(node is name for node in _target_nodes(binding.node))


def _target_nodes(node: cst.CSTNode) -> list[cst.Name]:
    if isinstance(node, cst.Assign):
        return [n for t in node.targets for n in target_name_nodes(t.target)]
    if isinstance(node, cst.AnnAssign):
        return target_name_nodes(node.target)
    if isinstance(node, cst.NamedExpr):
        return target_name_nodes(node.target)
    return []


def _parameter(model: FileModel, function, position: int, keyword: str | None):
    """The binding of ``function``'s parameter that receives argument ``position`` (or
    ``keyword``); None for `*args`, `**kwargs` or an argument it does not take."""
    scope = model.scope_of.get(id(function))
    if scope is None:
        return None
    params = function.params
    if keyword is None:
        positional = [*params.posonly_params, *params.params]
        if position >= len(positional):
            return None
        param = positional[position]
    else:
        param = next((p for p in [*params.params, *params.kwonly_params]
                      if p.name.value == keyword), None)
        if param is None:
            return None
    return next((b for b in scope.bindings.get(param.name.value, []) if b.node is param), None)


def _function_label(function) -> str:
    return function.name.value if isinstance(function, cst.FunctionDef) else "a lambda"


def values_of(model: FileModel) -> Values:
    """The file's Values, made once per model."""
    found = model.__dict__.get("_values")
    if found is None:
        found = model.__dict__["_values"] = Values(model)
    return found
