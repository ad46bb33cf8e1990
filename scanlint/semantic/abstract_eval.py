"""The abstract value (dtype, weak type, shape: `avals.py`) an expression visibly has, and
the values a loop body's names hold at each `return`.

Part of the model (ground layer): SCN208 (the carry changes type), SCN201 (the body unpacks
a carry that cannot be unpacked), SCN202 and SCN203 read these facts. An expression's abstract
value is known only when the code says it: literals, array makers with literal shapes and
dtypes (`jnp.zeros(3, jnp.int32)`), `.astype`, arithmetic on known values, names bound once to
such expressions, Python lists and tuples of them (built by `*` of an int constant, `+`,
slices, comprehensions over known sequences); a local list changed in place (`parts[0] = x`,
`parts.append(x)`) is unknown from there on. Everything else is unknown (None), and nothing
is guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.avals import (INEXACT, KIND_OF, NONE, Aval, Container, Value, as_aval,
                                     at_least_float, broadcast, dtype_name, kind_rank,
                                     literal_shape, matmul_shape, of_kind, promote,
                                     wider_than_unknown)
from scanlint.semantic.captures import falls_off_end
from scanlint.semantic.carry import (StepFunction, caller_arguments, file_function, followed_value,
                                     literal_elements, passed_value, record_class, record_fields,
                                     record_values, string_key, transparent)
from scanlint.semantic.instances import object_class
from scanlint.semantic.model import SCANNED, FileModel
from scanlint.semantic.scopes import (Binding, Scope, bound_names, lookup, qualified_name,
                                      target_names)
from scanlint.semantic.tracing import DRAW_SHAPES

ARRAY_MODULES = ("jax.numpy", "numpy", "jax.lax")


# -- evaluation ---------------------------------------------------------------------------------
MAKERS = frozenset({"zeros", "ones", "empty"})
FLOAT_FUNCTIONS = frozenset({
    "sin", "cos", "tan", "exp", "log", "log1p", "expm1", "sqrt", "tanh", "arctan", "arcsin",
    "arccos", "sinh", "cosh", "log2", "log10", "exp2", "cbrt", "rsqrt", "reciprocal", "erf",
})
SAME_TYPE_FUNCTIONS = frozenset({"abs", "negative", "square", "positive", "conj"})
REDUCTIONS = frozenset({"sum", "prod", "max", "min", "amax", "amin"})
# Reductions whose result is floating (or complex) whatever the operand: `jnp.mean` of ints.
INEXACT_REDUCTIONS = frozenset({"mean", "average", "var", "std", "nanmean", "nanvar", "nanstd"})
# Functions of `jnp.fft` and `jnp.linalg` whose result is complex whatever the operand.
COMPLEX_FUNCTIONS = frozenset({"fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft",
                               "rfft2", "rfftn", "eigvals"})
# Functions whose result has their first operand's dtype and shape, unless another operand is
# a strong array (then JAX promotes): `jnp.clip(x, 0.0, 1.0)` keeps x's float32.
FIRST_OPERAND_FUNCTIONS = frozenset({"clip", "round", "floor", "ceil", "sign", "nan_to_num",
                                     "fix", "trunc", "rint"})
# Calls that return their first argument (or their sequence's parts) joined with more
# elements: a carry rebound to one grows every step, a Python loop's array every iteration.
GROWERS = frozenset({"append", "concatenate", "hstack", "vstack", "stack", "column_stack"})
AT_METHODS = frozenset({"set", "add", "multiply", "mul", "min", "max", "divide", "power"})


@dataclass
class Context:
    """Where an expression is evaluated: known locals, locals whose value is not known here,
    and the scope that resolves other names."""

    model: FileModel
    scope: Scope
    local: dict
    opaque: set
    depth: int = 0
    # The expression last assigned to each known local (`level = level * 0.5`).
    exprs: dict = field(default_factory=dict)

    def child(self, scope: Scope) -> "Context":
        return Context(self.model, scope, {}, set(), self.depth + 1)


def value_of(expr: cst.BaseExpression | None, ctx: Context) -> Value:
    """The abstract value of ``expr`` in ``ctx``, None when the code does not show it."""
    if expr is None or ctx.depth > 4:
        return None
    if isinstance(expr, cst.Name):
        return _name(expr, ctx)  # a read keeps the value's origin
    value = _value(expr, ctx)
    if isinstance(value, Aval) and (value.origin or value.grown):
        if isinstance(expr, cst.Call) and _grower(expr, ctx):
            return replace(value, origin=None)
        return replace(value, origin=None, grown=None, grown_by=None)
    return value


def _value(expr: cst.BaseExpression, ctx: Context) -> Value:
    if isinstance(expr, cst.Integer):
        return of_kind("int", True, ())
    if isinstance(expr, cst.Float):
        return of_kind("float", True, ())
    if isinstance(expr, cst.Imaginary):
        return of_kind("complex", True, ())
    if isinstance(expr, (cst.Tuple, cst.List)):
        elements = literal_elements(expr)
        if elements is None:
            return None
        return Container(elements[0], tuple(value_of(e, ctx) for e in elements[1]))
    if isinstance(expr, cst.Dict):
        return _dict(expr, ctx)
    if isinstance(expr, cst.ListComp):
        return _comprehension(expr, ctx)
    if isinstance(expr, cst.BinaryOperation):
        return _binary(expr, ctx)
    if isinstance(expr, cst.UnaryOperation):
        if isinstance(expr.operator, cst.Not):
            return as_aval("bool", ())
        operand = value_of(expr.expression, ctx)
        return operand if isinstance(operand, Aval) else None
    if isinstance(expr, cst.Comparison):
        return _comparison(expr, ctx)
    if isinstance(expr, cst.Subscript):
        return _subscript(expr, ctx)
    if isinstance(expr, cst.Attribute):
        return _attribute(expr, ctx)
    if isinstance(expr, cst.Call):
        return _call(expr, ctx)
    return None


def _name(expr: cst.Name, ctx: Context) -> Value:
    if expr.value in ctx.local:
        return ctx.local[expr.value]
    if expr.value in ctx.opaque:
        return None
    owner, bindings = lookup(ctx.scope, expr.value)
    if owner is None:
        if expr.value == "None":
            return NONE
        return as_aval("bool", ()) if expr.value in ("True", "False") else None
    if len(bindings) == 1 and bindings[0].kind == "param":
        return parameter_value(bindings[0], ctx)
    value, scope, binding = followed_value(ctx.model, ctx.scope, expr)
    if binding is None:
        return None
    return value_of(value, ctx.child(scope))


def parameter_value(binding: Binding, ctx: Context) -> Value:
    """A function's parameter: the value every call of the function in this file passes
    (`carry.caller_arguments`), when they all visibly pass the same; else None."""
    key = ("parameter", id(binding), ctx.depth)
    memo = ctx.model.memo
    if key in memo:
        return memo[key]
    memo[key] = None  # a function calling itself: unknown
    arguments = caller_arguments(ctx.model, binding)
    values = [value_of(expr, ctx.child(scope)) for expr, scope in arguments or ()]
    value = values[0] if values and None not in values and all(
        v == values[0] for v in values) else None
    memo[key] = value
    return value


def _dict(expr: cst.Dict, ctx: Context) -> Value:
    keys, values = [], []
    for element in expr.elements:
        key = string_key(element.key) if isinstance(element, cst.DictElement) else None
        if key is None:
            return None
        keys.append(key)
        values.append(value_of(element.value, ctx))
    return Container("dict", tuple(values), tuple(keys))


def _binary(expr: cst.BinaryOperation, ctx: Context) -> Value:
    left, right = value_of(expr.left, ctx), value_of(expr.right, ctx)
    if isinstance(left, Container) or isinstance(right, Container):
        return _sequence_operation(expr, left, right, ctx)
    if not (isinstance(left, Aval) and isinstance(right, Aval)):
        known = left if isinstance(left, Aval) else right
        if isinstance(known, Aval) and not isinstance(expr.operator, (
                cst.BitAnd, cst.BitOr, cst.BitXor, cst.LeftShift, cst.RightShift)):
            return wider_than_unknown(known)  # a 64-bit float times anything: 64-bit
        return None
    operator = expr.operator
    if isinstance(operator, cst.MatrixMultiply):
        return promote(left, right, matmul_shape(left.shape, right.shape))
    result = promote(left, right, broadcast(left.shape, right.shape))
    if result is None:
        return None
    if isinstance(operator, cst.Divide):
        return at_least_float(result)
    if isinstance(operator, (cst.BitAnd, cst.BitOr, cst.BitXor, cst.LeftShift, cst.RightShift)):
        return result if result.kind in ("bool", "int", "uint") else None
    return result


# The most items a list or tuple built by `*`, `+` or a comprehension is followed with.
MAX_ITEMS = 64
SEQUENCES = ("tuple", "list")


def _sequence_operation(expr: cst.BinaryOperation, left: Value, right: Value,
                        ctx: Context) -> Value:
    """Python's `+` of two lists (or two tuples) joins them; `*` by an int constant repeats
    one (`[jnp.zeros(())] * n`)."""
    if isinstance(expr.operator, cst.Add):
        if isinstance(left, Container) and isinstance(right, Container) \
                and left.kind == right.kind and left.kind in SEQUENCES \
                and len(left.items) + len(right.items) <= MAX_ITEMS:
            return Container(left.kind, left.items + right.items)
        return None
    if not isinstance(expr.operator, cst.Multiply):
        return None
    sequence, count = (left, expr.right) if isinstance(left, Container) else (right, expr.left)
    times = int_constant(count, ctx)
    if not (isinstance(sequence, Container) and sequence.kind in SEQUENCES) or times is None \
            or len(sequence.items) * max(times, 0) > MAX_ITEMS:
        return None
    return Container(sequence.kind, sequence.items * max(times, 0))


def int_constant(expr: cst.BaseExpression | None, ctx: Context, depth: int = 0) -> int | None:
    """The value of an int literal (`-1` too), of a name bound once to one (a local the
    body assigned last, a module constant `N = 3`), or of `+ - *` of them; else None."""
    if expr is None or depth > 3:
        return None
    literal = _literal_int(expr)
    if isinstance(literal, int) and not isinstance(literal, bool):
        return literal
    if isinstance(expr, cst.BinaryOperation) and isinstance(
            expr.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        left, right = int_constant(expr.left, ctx, depth + 1), int_constant(
            expr.right, ctx, depth + 1)
        if left is None or right is None:
            return None
        return left + right if isinstance(expr.operator, cst.Add) else (
            left - right if isinstance(expr.operator, cst.Subtract) else left * right)
    if not isinstance(expr, cst.Name):
        return None
    if expr.value in ctx.exprs:
        return int_constant(ctx.exprs[expr.value], ctx, depth + 1)
    if expr.value in ctx.local or expr.value in ctx.opaque:
        return None
    value, scope, binding = followed_value(ctx.model, ctx.scope, expr)
    if binding is None:
        return None
    return int_constant(value, ctx.child(scope), depth + 1)


def _comprehension(expr: cst.ListComp | cst.GeneratorExp, ctx: Context) -> Value:
    """`[f(a) for a in seq]` with one `for` and no `if`, over a sequence whose items are
    known (`sequence_items`): a list of ``f`` of each item."""
    clause = expr.for_in
    if clause.ifs or clause.inner_for_in is not None or clause.asynchronous is not None:
        return None
    items = sequence_items(clause.iter, ctx)
    if items is None:
        return None
    scope = ctx.model.scope_of.get(id(expr), ctx.scope)
    names = target_names(clause.target)
    values = []
    for item in items:
        local = {n: v for n, v in ctx.local.items() if n not in names}
        exprs = {n: e for n, e in ctx.exprs.items() if n not in names}
        _bind_items(clause.target, item, local)
        values.append(value_of(expr.elt, Context(ctx.model, scope, local, ctx.opaque - names,
                                                 ctx.depth, exprs)))
    return Container("list", tuple(values))


def _bind_items(target: cst.BaseExpression, value: Value, local: dict) -> None:
    """Bind a comprehension's target to one item: a name, or a tuple unpacking a tuple."""
    if isinstance(target, cst.Name):
        local[target.value] = value
        return
    elements = literal_elements(target) if isinstance(target, (cst.Tuple, cst.List)) else None
    if elements is None:
        return
    parts = value.items if isinstance(value, Container) and value.kind in SEQUENCES and len(
        value.items) == len(elements[1]) else (None,) * len(elements[1])
    for element, part in zip(elements[1], parts):
        _bind_items(element, part, local)


def sequence_items(expr: cst.BaseExpression, ctx: Context) -> list | None:
    """What a Python `for` over ``expr`` visibly takes, item by item: a known tuple or list,
    `zip` or `enumerate` of such, `range` of int constants; else None."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and lookup(
            ctx.scope, expr.func.value)[0] is None and expr.func.value in (
            "zip", "enumerate", "range"):
        if any(arg.star or arg.keyword is not None for arg in expr.args) or not expr.args:
            return None
        name = expr.func.value
        if name == "range":
            bounds = [int_constant(arg.value, ctx) for arg in expr.args]
            if None in bounds or len(bounds) > 3 or (len(bounds) == 3 and bounds[2] == 0):
                return None
            count = len(range(*bounds))  # type: ignore[arg-type]
            return [of_kind("int", True, ())] * count if count <= MAX_ITEMS else None
        parts = [sequence_items(arg.value, ctx) for arg in expr.args]
        if any(p is None for p in parts) or (name == "enumerate" and len(parts) != 1):
            return None
        if name == "enumerate":
            return [Container("tuple", (of_kind("int", True, ()), item))
                    for item in parts[0]]  # type: ignore[union-attr]
        return [Container("tuple", tuple(items)) for items in zip(*parts)]  # type: ignore
    value = value_of(expr, ctx)
    if isinstance(value, Container) and value.kind in SEQUENCES:
        return list(value.items)
    return None


def _comparison(expr: cst.Comparison, ctx: Context) -> Value:
    if any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in expr.comparisons):
        return None
    shape: tuple | None = ()
    for operand in (expr.left, *(c.comparator for c in expr.comparisons)):
        value = value_of(operand, ctx)
        shape = broadcast(shape, value.shape) if isinstance(value, Aval) else None
    return as_aval("bool", shape)


def _subscript(expr: cst.Subscript, ctx: Context) -> Value:
    base = value_of(expr.value, ctx)
    if isinstance(base, Container):
        return _item(base, expr)
    if not isinstance(base, Aval):
        return None
    return replace(base, shape=_indexed_shape(base.shape, expr, ctx))


def _indexed_shape(shape: tuple | None, expr: cst.Subscript, ctx: Context) -> tuple | None:
    """The shape of basic indexing: scalar int indices drop an axis, `None` adds one, `:`
    and `...` keep them, a slice with literal bounds cuts a known axis; else None."""
    if shape is None:
        return None
    parts: list = []  # per index: "drop", "new", "keep", ("cut", slice) or "rest"
    for element in expr.slice:
        part = element.slice
        if isinstance(part, cst.Slice):
            bounds = [_literal_int(b) for b in (part.lower, part.upper, part.step)]
            if any(b is False for b in bounds):
                return None
            parts.append(("cut", slice(*bounds)))
            continue
        value = part.value
        if part.star is not None:
            return None
        if isinstance(value, cst.Ellipsis):
            parts.append("rest")
        elif isinstance(value, cst.Name) and value.value == "None" and lookup(
                ctx.scope, "None")[0] is None:
            parts.append("new")
        else:
            position = value_of(value, ctx)
            if not (isinstance(position, Aval) and position.kind in ("int", "uint")
                    and position.shape == ()):
                return None
            parts.append("drop")
    if parts.count("rest") > 1:
        return None
    used = sum(1 for p in parts if p not in ("new", "rest"))
    if used > len(shape):
        return None
    if "rest" in parts:
        at = parts.index("rest")
        parts[at:at + 1] = ["keep"] * (len(shape) - used)
    else:
        parts += ["keep"] * (len(shape) - used)
    out: list[int] = []
    axes = iter(shape)
    for p in parts:
        if p == "new":
            out.append(1)
        elif p == "drop":
            next(axes)
        elif p == "keep":
            out.append(next(axes))
        else:
            out.append(len(range(next(axes))[p[1]]))
    return tuple(out)


def _literal_int(node: cst.BaseExpression | None) -> int | None | bool:
    """An int literal (`-1` too) as an int, None for no bound, False for anything else."""
    if node is None:
        return None
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
            and isinstance(node.expression, cst.Integer):
        return -int(node.expression.evaluated_value)
    return False


def _item(base: Container, expr: cst.Subscript) -> Value:
    if len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Slice) \
            and base.kind in SEQUENCES:
        part = expr.slice[0].slice
        bounds = [_literal_int(b) for b in (part.lower, part.upper, part.step)]
        if any(b is False for b in bounds) or bounds[2] == 0:
            return None
        return Container(base.kind, base.items[slice(*bounds)])  # type: ignore[misc]
    if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return None
    key = expr.slice[0].slice.value
    if base.kind == "dict":
        text = string_key(key)
        return base.items[base.keys.index(text)] if base.keys and text in base.keys else None
    if isinstance(key, cst.Integer) and int(key.evaluated_value) < len(base.items):
        return base.items[int(key.evaluated_value)]
    return None


def _attribute(expr: cst.Attribute, ctx: Context) -> Value:
    if expr.attr.value == "T":
        base = value_of(expr.value, ctx)
        if isinstance(base, Aval):
            return replace(base, shape=None if base.shape is None else tuple(reversed(base.shape)))
        return None
    base = value_of(expr.value, ctx)
    if isinstance(base, Container) and base.kind == "record" and base.keys \
            and expr.attr.value in base.keys:
        return base.items[base.keys.index(expr.attr.value)]  # a record's field
    own = _own_class(expr.value, ctx.scope)
    if own is not None:
        return _own_attribute(own, expr.attr.value, ctx)
    return None


def _own_class(expr: cst.BaseExpression, scope: Scope) -> Scope | None:
    """The class of the method whose object ``expr`` is: `self`, the first parameter of a
    plain method (read in it or in a def inside it). The class holds the method being
    read, so it is parsed (no widening)."""
    if not isinstance(expr, cst.Name):
        return None
    owner, bindings = lookup(scope, expr.value)
    if owner is None or len(bindings) != 1 or bindings[0].kind != "param" or \
            owner.parent is None or owner.parent.kind != "class" or \
            not isinstance(owner.node, cst.FunctionDef) or owner.node.decorators:
        return None
    positional = [*owner.node.params.posonly_params, *owner.node.params.params]
    return owner.parent if positional and positional[0] is bindings[0].node else None


def _own_attribute(cls: Scope, attr: str, ctx: Context) -> Value:
    """What `self.attr` holds: the one value the class's methods assign it (`self.log_l =
    np.asarray(x, np.float32)` in `__init__`), evaluated where it is assigned; None when
    they assign it more than once or not at all (issue 32: a carry made by `self`'s data)."""
    found = []
    for bindings in cls.bindings.values():
        for binding in bindings:
            method = binding.node
            if binding.kind != "def" or not isinstance(method, cst.FunctionDef):
                continue
            positional = [*method.params.posonly_params, *method.params.params]
            if not positional:
                continue
            assigns = _SelfAssigns(positional[0].name.value, attr)
            walk.visit(method.body, assigns)
            found += [(value, method) for value in assigns.values]
    if len(found) != 1 or ctx.depth > 3:
        return None
    value, method = found[0]
    inner = ctx.model.scope_of.get(id(method))
    return value_of(value, ctx.child(inner)) if inner is not None else None


class _SelfAssigns(cst.CSTVisitor):
    """The values of `self.attr = value` (and any other binding of that attribute: then
    more than one value is found, an unknown)."""

    def __init__(self, name: str, attr: str) -> None:
        self.name, self.attr = name, attr
        self.values: list = []

    def _target(self, target: cst.BaseExpression, value) -> None:
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and \
                target.value.value == self.name and target.attr.value == self.attr:
            self.values.append(value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._target(element.value, None)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target, node.value if len(node.targets) == 1 else None)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target, None)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target, node.value)


def _call(expr: cst.Call, ctx: Context) -> Value:
    name = qualified_name(ctx.scope, expr.func) or ""
    module, _, last = name.rpartition(".")
    if module in ("jax.numpy", "numpy") and last in KIND_OF:
        # `jnp.int32(x)` keeps x's shape; `jnp.int32([4, 4, 3])` has the list literal's
        return as_aval(last, _nested_shape(_first(expr, ctx)))
    if module in ARRAY_MODULES:
        return _array_function(expr, module, last, ctx)
    if module in ("jax.numpy.fft", "jax.numpy.linalg") and last in COMPLEX_FUNCTIONS:
        return _complex_result(expr, last, ctx)
    if module in ("jax.numpy.linalg", "numpy.linalg") and last == "norm":
        return _norm(expr, ctx)
    if module == "jax.random" and last in RANDOM_DRAWS:
        return _draw(expr, last, ctx)
    if isinstance(expr.func, cst.Attribute):
        return _method(expr, ctx) or _object_method(expr, ctx)
    if isinstance(expr.func, cst.Name) and expr.func.value in SEQUENCES and lookup(
            ctx.scope, expr.func.value)[0] is None:
        return _converted(expr, expr.func.value, ctx)
    if isinstance(expr.func, cst.Name):
        found = record_class(ctx.model, ctx.scope, expr.func)
        if found is not None:
            return _record(expr, found[0], ctx)
        return _helper_call(expr, ctx)
    return None


# jax.random draws: (the positional place of `dtype`, the kind of what they draw); the place
# of `shape` is tracing's `DRAW_SHAPES`. Without a `shape`, a draw with no distribution
# parameters (place 1) is a scalar; the others take their parameters' shape (not known here).
RANDOM_DRAWS = {
    **{name: (2, "float") for name in ("normal", "uniform", "gumbel", "logistic",
                                       "exponential", "cauchy", "laplace")},
    "randint": (4, "int"), "rademacher": (2, "int"), "bits": (2, "uint"),
    "bernoulli": (None, "bool"), "categorical": (None, "int"), "poisson": (3, "int"),
    "truncated_normal": (4, "float"), "gamma": (3, "float"), "beta": (4, "float"),
    "dirichlet": (3, "float"), "choice": (None, None),
}


def _draw(expr: cst.Call, last: str, ctx: Context) -> Value:
    shape_at, (dtype_at, kind) = DRAW_SHAPES[last], RANDOM_DRAWS[last]
    given = _argument(expr, shape_at, "shape")
    if given is None and shape_at != 1:
        return None
    shape = shape_value(given, ctx) if given is not None else ()
    explicit = _explicit(expr, dtype_at, ctx) if dtype_at is not None else None
    if explicit is None and kind is None:
        return None
    return replace(explicit or of_kind(kind), shape=shape)


def shape_value(expr: cst.BaseExpression | None, ctx: Context) -> tuple[int, ...] | None:
    """A shape the code spells with int constants: `3`, `(N, 2)`, `[T]`, `N` (a module or
    local constant, `int_constant`)."""
    known = literal_shape(expr)
    if known is not None or expr is None:
        return known
    if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":  # `jnp.zeros(x.shape)`
        operand = value_of(expr.value, ctx)
        return operand.shape if isinstance(operand, Aval) else None
    elements = literal_elements(expr)
    dims = [int_constant(e, ctx) for e in elements[1]] if elements is not None else [
        int_constant(expr, ctx)]
    return None if None in dims or any(d < 0 for d in dims) else tuple(dims)  # type: ignore


def _object_method(expr: cst.Call, ctx: Context) -> Value:
    """`env.step(state, action)` on an object of a plain class of this file: a name bound
    only to `Env(...)` (`instances.object_class`); what the method returns with its
    parameters bound to the call's arguments (`function_value`), for a method with no
    decorator. (Not `self.step(...)` or a parameter's: reading every method of a class to
    learn what an attribute holds would parse most of a file for little.) And, since issue
    32, `self.method(...)` of the method's own class, which is parsed already.)"""
    func = expr.func
    assert isinstance(func, cst.Attribute)
    own = _own_class(func.value, ctx.scope)
    if own is not None:
        instance: Scope | None = own
    elif not _made_by_a_class(func.value, ctx.scope):
        return None
    else:
        instance = object_class(ctx.model, ctx.scope, func.value)
    methods = instance.bindings.get(func.attr.value, []) if instance is not None else []
    if len(methods) != 1 or methods[0].kind != "def":
        return None
    method = methods[0].node
    inner = ctx.model.scope_of.get(id(method))
    if not isinstance(method, cst.FunctionDef) or method.decorators or inner is None:
        return None
    return _bound_call(expr, method, inner, instance, ctx, skip=1)


def _made_by_a_class(expr: cst.BaseExpression, scope: Scope) -> bool:
    """``expr`` is a name every binding of which assigns a call of a class bound once (told
    from the bindings alone, without reading the class)."""
    if not isinstance(expr, cst.Name):
        return False
    owner, bindings = lookup(scope, expr.value)
    if owner is None or not bindings:
        return False
    for binding in bindings:
        value = binding.assigned_value
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
            return False
        _class_owner, made = lookup(binding.scope, value.func.value)
        if len(made) != 1 or made[0].kind != "class":
            return False
    return True


def _converted(expr: cst.Call, kind: str, ctx: Context) -> Value:
    """`tuple(f(a) for a in seq)`, `list(...)` of a comprehension or a known sequence."""
    if len(expr.args) != 1 or expr.args[0].star or expr.args[0].keyword is not None:
        return None
    arg = expr.args[0].value
    items = _comprehension(arg, ctx) if isinstance(arg, (cst.GeneratorExp, cst.ListComp)) \
        else None
    if isinstance(items, Container):
        return Container(kind, items.items)
    found = sequence_items(arg, ctx) if items is None and not isinstance(
        arg, (cst.GeneratorExp, cst.ListComp)) else None
    return Container(kind, tuple(found)) if found is not None else None


def _record(expr: cst.Call, record: cst.ClassDef, ctx: Context) -> Value:
    """`Particle(x0, v0)`: a record of the class's fields, when the call gives every field
    (positionally or by keyword) and nothing hides an argument."""
    fields = record_fields(record)
    values = record_values(expr, fields)
    if values is None:
        return None
    return Container("record", tuple(value_of(v, ctx) for v in values), tuple(fields),
                     record.name.value)


def _helper_call(expr: cst.Call, ctx: Context) -> Value:
    """A call of a function of this file (`pack(mean, m2, n)`): what its returns visibly
    give with its parameters bound to the call's arguments, when every return gives the same
    value (`function_value`); else None."""
    found = file_function(ctx.model, ctx.scope, expr.func)
    if found is None or not transparent(found[2], found[0]):
        return None
    function, scope, owner = found
    return _bound_call(expr, function, scope, owner, ctx)


def _bound_call(expr: cst.Call, function: cst.FunctionDef, scope: Scope, owner: Scope,
                ctx: Context, skip: int = 0) -> Value:
    """What ``function`` returns when ``expr`` calls it, its parameters bound to the call's
    arguments or their defaults; ``skip``: leading parameters the call does not pass (a
    method's `self`, unknown inside)."""
    if isinstance(function.params.star_arg, cst.Param) or function.params.star_kwarg:
        return None
    params: dict[str, Value] = {}
    positional = [*function.params.posonly_params, *function.params.params]
    for param in [*positional[skip:], *function.params.kwonly_params]:
        passed = passed_value(function, param, expr, ctx.scope, owner, skip)
        if passed is None:
            return None
        params[param.name.value] = value_of(passed[0], ctx if passed[1] is ctx.scope
                                            else ctx.child(passed[1]))
    return function_value(ctx.model, function, scope, params, ctx.depth + 1)


def function_value(model: FileModel, function: cst.FunctionDef, scope: Scope, params: dict,
                   depth: int = 0) -> Value:
    """The value a def returns with ``params`` (name -> Value), when every `return` visibly
    gives the same one and the def cannot fall off its end; else None."""
    if depth > 4:
        return None
    key = ("returns", id(function), tuple(sorted(params.items())), depth)
    memo = model.memo
    if key in memo:
        return memo[key]
    memo[key] = None  # recursion: unknown
    returned = function_returns(model, function, scope, params, depth)
    values = [value_of(r.value, r.ctx) if r.value is not None else NONE for r in returned]
    value = values[0] if values and None not in values and all(
        v == values[0] for v in values) and not _falls_off(function) else None
    memo[key] = value
    return value


def _falls_off(function: cst.FunctionDef) -> bool:
    """The def may return `None`: its last statement is not a `return` or `raise` line
    (an `if` whose branches all return counts as falling off too: not followed)."""
    body = function.body
    last = body.body[-1] if isinstance(body, cst.IndentedBlock) and body.body else None
    return not isinstance(last, cst.SimpleStatementLine) or falls_off_end(function)


def _argument(expr: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for n, arg in enumerate(expr.args):
        if arg.star:
            return None
        if (arg.keyword is None and n == position) or (
                arg.keyword is not None and arg.keyword.value == keyword):
            return arg.value
    return None


def _explicit(expr: cst.Call, position: int, ctx: Context) -> Aval | None:
    """The dtype argument of a maker, as an Aval without shape."""
    name = dtype_name(ctx.model, ctx.scope, _argument(expr, position, "dtype"))
    return as_aval(name) if name is not None else None


def _array_function(expr: cst.Call, module: str, last: str, ctx: Context) -> Value:
    if last in MAKERS:
        shape = shape_value(_argument(expr, 0, "shape"), ctx)
        return replace(_explicit(expr, 1, ctx) or of_kind("float"), shape=shape)
    if last == "full":
        return _full(expr, ctx)
    if last in ("zeros_like", "ones_like", "empty_like", "full_like"):
        return _like(expr, last, ctx)
    if last in ("array", "asarray"):
        return _array(expr, module == "numpy", ctx)
    if last == "arange":
        return _arange(expr, ctx)
    if last in ("eye", "identity"):
        return _eye(expr, last, ctx)
    if last == "linspace":
        return _linspace(expr, ctx)
    if last in FLOAT_FUNCTIONS or last in SAME_TYPE_FUNCTIONS or last in REDUCTIONS \
            or last in INEXACT_REDUCTIONS:
        return _elementwise(expr, module, last, ctx)
    if last in FIRST_OPERAND_FUNCTIONS:
        return _first_operand_type(expr, ctx)
    if last in ("maximum", "minimum", "where", "dot", "matmul", "vdot", "inner", "outer"):
        return _combine(expr, last, ctx)
    if last in GROWERS:
        return _grown(expr, last, ctx)
    if last == "dynamic_update_slice":
        return _first(expr, ctx)
    if last in ("tile", "broadcast_to", "reshape"):
        return _reshaped(expr, last, ctx)
    return None


def _reshaped(expr: cst.Call, last: str, ctx: Context) -> Value:
    """`tile(x, reps)`, `broadcast_to(x, shape)`, `reshape(x, shape)`: x's type, the shape
    the arguments give (a `-1` of reshape solved from x's size)."""
    operand = _first(expr, ctx)
    if not isinstance(operand, Aval):
        return None
    given = shape_value(_argument(expr, 1, {"tile": "reps"}.get(last, "shape")), ctx)
    if given is None:
        return replace(operand, shape=None)
    if last == "broadcast_to":
        return replace(operand, shape=given)
    if operand.shape is None:
        return replace(operand, shape=None)
    if last == "tile":
        dims = max(len(given), len(operand.shape))
        reps = (1,) * (dims - len(given)) + given
        base = (1,) * (dims - len(operand.shape)) + operand.shape
        return replace(operand, shape=tuple(a * b for a, b in zip(base, reps)))
    size, known = math.prod(operand.shape), math.prod(d for d in given if d != -1)
    if given.count(-1) == 1 and known and size % known == 0:
        given = tuple(size // known if d == -1 else d for d in given)
    return replace(operand, shape=given if -1 not in given else None)


def _first_operand_type(expr: cst.Call, ctx: Context) -> Value:
    operand = _first(expr, ctx)
    if not isinstance(operand, Aval) or any(a.star for a in expr.args):
        return None
    for arg in expr.args[1:]:
        other = value_of(arg.value, ctx)
        if arg.keyword is None or arg.keyword.value in ("min", "max", "a_min", "a_max"):
            if not (isinstance(other, Aval) and other.weak):
                return None  # a strong or unknown bound may promote the result
    return operand


def _norm(expr: cst.Call, ctx: Context) -> Value:
    """`jnp.linalg.norm(x)`: a real float of x's precision; a scalar without `axis`."""
    operand = _first(expr, ctx)
    if not isinstance(operand, Aval) or len(expr.args) != 1 or expr.args[0].star:
        return None
    operand = at_least_float(operand)
    if operand.kind == "complex":
        operand = of_kind("float", operand.weak)
    return replace(operand, shape=())


def _first(expr: cst.Call, ctx: Context) -> Value:
    return value_of(expr.args[0].value, ctx) if expr.args and not expr.args[0].star else None


def _elementwise(expr: cst.Call, module: str, last: str, ctx: Context) -> Value:
    """Float functions and means make ints floats (of an unknown operand: an inexact
    value); reductions drop the axes they reduce (`keepdims=True` keeps them as 1)."""
    operand = _first(expr, ctx)
    if not isinstance(operand, Aval):
        if last in FLOAT_FUNCTIONS or last in INEXACT_REDUCTIONS:
            operand = Aval(INEXACT, None, False, None, None)  # whatever the operand was
        else:
            return None
    if module == "numpy" and operand.weak:
        operand = replace(operand, weak=False)  # a NumPy scalar of a Python number: 64-bit
    if last in FLOAT_FUNCTIONS or last in INEXACT_REDUCTIONS:
        operand = at_least_float(operand)
    if last in ("sum", "prod") and operand.kind in ("bool", "int") and (
            module != "numpy" or operand.kind == "bool"):
        # a count of True; and jnp sums and products of ints come back in the default int
        # (int64 under `jax_enable_x64`, https://github.com/jax-ml/jax/issues/3154)
        operand = of_kind("int", operand.weak, operand.shape)
    if last == "abs" and operand.kind == "complex":
        operand = of_kind("float", operand.weak, operand.shape)
    if last in REDUCTIONS or last in INEXACT_REDUCTIONS:
        if any(a.keyword is not None and a.keyword.value == "dtype" for a in expr.args):
            return None
        return replace(operand, shape=_reduced_shape(operand.shape, expr))
    return operand


def _reduced_shape(shape: tuple | None, expr: cst.Call) -> tuple | None:
    """The shape of `jnp.sum(x, axis, keepdims=...)`: the axes reduced dropped, or kept as 1.
    Only a literal axis and a literal `keepdims` are read; `where=` and `initial=` keep it."""
    axis_arg = _argument(expr, 1, "axis")
    keepdims_arg = _argument(expr, 4, "keepdims")
    if any(a.star for a in expr.args) or len(
            [a for a in expr.args if a.keyword is None]) > 2:
        return None
    keep = False
    if keepdims_arg is not None:
        if not (isinstance(keepdims_arg, cst.Name) and keepdims_arg.value in ("True", "False")):
            return None
        keep = keepdims_arg.value == "True"
    if axis_arg is None or (isinstance(axis_arg, cst.Name) and axis_arg.value == "None"):
        if not keep:
            return ()
        return None if shape is None else (1,) * len(shape)
    if shape is None:
        return None
    axes = _literal_int(axis_arg)
    if axes is False:
        elements = literal_elements(axis_arg)
        axes_list = [_literal_int(e) for e in elements[1]] if elements else [False]
    else:
        axes_list = [axes]
    if any(not isinstance(a, int) or isinstance(a, bool) for a in axes_list):
        return None
    rank = len(shape)
    wanted = set()
    for a in axes_list:
        if not -rank <= a < rank:  # type: ignore[operator]
            return None
        wanted.add(a % rank)  # type: ignore[operator]
    return tuple(1 if n in wanted else d for n, d in enumerate(shape) if keep or n not in wanted)


def _eye(expr: cst.Call, last: str, ctx: Context) -> Value:
    """`jnp.eye(n)`, `jnp.eye(n, m)`, `jnp.identity(n)`: float by default."""
    n = _literal_int(_argument(expr, 0, "N" if last == "eye" else "n"))
    m = _literal_int(_argument(expr, 1, "M")) if last == "eye" else None
    shape = None
    if isinstance(n, int) and not isinstance(n, bool) and n >= 0:
        shape = (n, n if m is None else m) if m is not False else None
    explicit = _explicit(expr, 3 if last == "eye" else 1, ctx)
    return replace(explicit or of_kind("float"), shape=shape)


def _linspace(expr: cst.Call, ctx: Context) -> Value:
    """`jnp.linspace(a, b, num)` of scalars: `num` (default 50) floats."""
    start, stop = value_of(_argument(expr, 0, "start"), ctx), value_of(
        _argument(expr, 1, "stop"), ctx)
    num = _argument(expr, 2, "num")
    count = 50 if num is None else _literal_int(num)
    scalars = all(isinstance(v, Aval) and v.shape == () for v in (start, stop))
    shape = (count,) if scalars and isinstance(count, int) and not isinstance(
        count, bool) and _argument(expr, 6, "axis") is None else None
    explicit = _explicit(expr, 5, ctx)
    if explicit is not None:
        return replace(explicit, shape=shape)
    kinds = [v.kind for v in (start, stop) if isinstance(v, Aval)]
    if "complex" in kinds:
        return of_kind("complex", False, shape)
    return of_kind("float", False, shape)


def _full(expr: cst.Call, ctx: Context) -> Value:
    shape = literal_shape(_argument(expr, 0, "shape"))
    explicit = _explicit(expr, 2, ctx)
    if explicit is not None:
        return replace(explicit, shape=shape)
    fill = value_of(_argument(expr, 1, "fill_value"), ctx)
    return replace(fill, shape=shape) if isinstance(fill, Aval) and fill.shape == () else None


def _like(expr: cst.Call, last: str, ctx: Context) -> Value:
    base = _first(expr, ctx)
    explicit = _explicit(expr, 2 if last == "full_like" else 1, ctx)
    if not isinstance(base, Aval):
        return None
    return replace(explicit, shape=base.shape) if explicit else replace(base, weak=False)


def _array(expr: cst.Call, numpy: bool, ctx: Context) -> Value:
    """`jnp.array(0)` is weak, `jnp.array([1, 2])` and `jnp.array(0, jnp.int32)` are not."""
    source = _first(expr, ctx)
    explicit = _explicit(expr, 1, ctx)
    shape = _nested_shape(source)
    if explicit is not None:
        return replace(explicit, shape=shape)
    if isinstance(source, Aval):
        return replace(source, weak=source.weak and not numpy)
    leaves = _leaves(source)
    if not leaves or any(not isinstance(v, Aval) or v.kind is None for v in leaves):
        return None
    kind = max((v.kind for v in leaves), key=kind_rank)
    return of_kind(kind, False, shape)


def _leaves(value: Value) -> list:
    if isinstance(value, Container):
        return [leaf for item in value.items for leaf in _leaves(item)]
    return [value]


def _nested_shape(value: Value) -> tuple | None:
    """The shape of a (nested) list literal of scalars, or a scalar's ()."""
    if isinstance(value, Aval):
        return value.shape
    if isinstance(value, Container) and value.kind in ("tuple", "list") and value.items:
        inner = {_nested_shape(item) for item in value.items}
        if len(inner) == 1 and None not in inner:
            return (len(value.items), *inner.pop())
    return None


def _arange(expr: cst.Call, ctx: Context) -> Value:
    values = [value_of(arg.value, ctx) for arg in expr.args if arg.keyword is None]
    explicit = _explicit(expr, 3, ctx)
    shape = None
    if len(expr.args) == 1 and not expr.args[0].star and expr.args[0].keyword is None:
        stop = int_constant(expr.args[0].value, ctx)
        shape = (max(stop, 0),) if stop is not None else None
    if explicit is not None:
        return replace(explicit, shape=shape)
    if not values or not all(isinstance(v, Aval) and v.kind for v in values):
        return None
    return of_kind(max((v.kind for v in values), key=kind_rank), False, shape)  # type: ignore


def _combine(expr: cst.Call, last: str, ctx: Context) -> Value:
    args = [value_of(arg.value, ctx) for arg in expr.args if arg.keyword is None]
    condition = None
    if last == "where":
        condition, args = args[0] if args else None, args[1:]
    if len(args) != 2 or not all(isinstance(a, Aval) for a in args):
        return None
    a, b = args
    if last == "where":  # the condition broadcasts with both values
        shape = broadcast(condition.shape, broadcast(a.shape, b.shape)) if isinstance(
            condition, Aval) else None
    elif last in ("dot", "matmul"):
        shape = matmul_shape(a.shape, b.shape)
    elif last in ("vdot", "inner", "outer"):
        shape = _product_shape(last, a.shape, b.shape)
    else:
        shape = broadcast(a.shape, b.shape)
    return promote(a, b, shape)


def _product_shape(last: str, a: tuple | None, b: tuple | None) -> tuple | None:
    """`vdot` is a scalar (it flattens both); `inner` of vectors is a scalar, `outer` of
    vectors a matrix; other ranks: not known here."""
    if last == "vdot":
        return ()
    if a is None or b is None or len(a) != 1 or len(b) != 1:
        return None
    return () if last == "inner" else (a[0], b[0])


def _complex_result(expr: cst.Call, last: str, ctx: Context) -> Value:
    """`jnp.fft.fft(x)` and `jnp.linalg.eigvals(a)` are complex whatever ``x`` is (JAX never
    returns real eigenvalues from `eigvals`): complex128 of a float64, else complex64 (a
    float of unknown width: complex of unknown width)."""
    operand = _first(expr, ctx)
    base = operand if isinstance(operand, Aval) else Aval(None, weak=None)
    if base.kind == "complex":
        dtype, default = base.dtype, base.default
    elif base.dtype == "float64":
        dtype, default = "complex128", True
    elif base.kind in ("bool", "uint", "int") or base.dtype in ("float32", "float16", "bfloat16"):
        dtype, default = "complex64", base.default if base.kind == "float" else True
    else:
        dtype, default = None, False
    shape = None
    if last in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn") and len(expr.args) == 1:
        shape = base.shape
    elif last == "eigvals" and len(expr.args) == 1 and base.shape and len(base.shape) >= 2:
        shape = base.shape[:-1]
    return Aval("complex", dtype, default, False, shape)


def _parts(expr: cst.Call, last: str) -> list[cst.BaseExpression]:
    """The arrays `jnp.append(a, b)` or `jnp.concatenate([a, b])` joins."""
    if last == "append":
        return [arg.value for arg in expr.args[:2] if arg.keyword is None]
    sequence = literal_elements(expr.args[0].value) if expr.args else None
    return list(sequence[1]) if sequence else []


def _grower(expr: cst.Call, ctx: Context) -> str | None:
    name = qualified_name(ctx.scope, expr.func) or ""
    module, _, last = name.rpartition(".")
    return last if module in ("jax.numpy", "numpy") and last in GROWERS else None


def _grown(expr: cst.Call, last: str, ctx: Context) -> Value:
    """The parts' promoted dtype; ``grown`` names the carries that are one part whole while
    the others visibly have elements: returned as that carry, it is larger every step."""
    parts = [value_of(p, ctx) for p in _parts(expr, last)]
    if len(parts) < 2 or any(isinstance(p, Container) for p in parts):
        return None
    arrays = [p if isinstance(p, Aval) else Aval(None, weak=None) for p in parts]
    result: Aval | None = arrays[0]
    for part in arrays[1:]:
        result = promote(result, part, None) if result is not None else None
    # A part that is a whole incoming carry grows when every other part has elements: an
    # unknown part is taken to have some (a step's input of size zero is no loop), another
    # carry (`jnp.append(hist, x)`, `x` a carry slot too) only when its shape shows them.
    grown = tuple(p.origin for n, p in enumerate(arrays) if p.origin and all(
        _has_elements(q) for m, q in enumerate(arrays) if m != n))
    return replace(result or Aval(None, weak=None), shape=None, grown=grown or None,
                   grown_by=last)


def _has_elements(part: Aval) -> bool:
    if part.origin:
        return part.shape is not None and 0 not in part.shape
    return not (part.shape is not None and 0 in part.shape)


def _method(expr: cst.Call, ctx: Context) -> Value:
    func = expr.func
    assert isinstance(func, cst.Attribute)
    method = func.attr.value
    if method == "astype" and expr.args:
        base = value_of(func.value, ctx)
        name = dtype_name(ctx.model, ctx.scope, expr.args[0].value)
        if name is None:
            return None
        return as_aval(name, base.shape if isinstance(base, Aval) else None)
    if method == "reshape" and expr.args:
        base = value_of(func.value, ctx)
        shape = literal_shape(expr.args[0].value) if len(expr.args) == 1 else literal_shape(
            cst.Tuple([cst.Element(a.value) for a in expr.args]))
        return replace(base, shape=shape) if isinstance(base, Aval) else None
    if method in AT_METHODS and _at_update(func.value):
        # `x.at[i].set(v)`: the operand's dtype and shape, whatever `v` is
        return value_of(func.value.value.value, ctx)  # type: ignore[attr-defined]
    if method in ("_replace", "replace"):
        base = value_of(func.value, ctx)
        if not (isinstance(base, Container) and base.kind == "record" and base.keys):
            return None
        items = list(base.items)
        for arg in expr.args:
            if arg.keyword is None or arg.keyword.value not in base.keys:
                return None
            items[base.keys.index(arg.keyword.value)] = value_of(arg.value, ctx)
        return replace(base, items=tuple(items))
    if (method in REDUCTIONS or method in INEXACT_REDUCTIONS) and not expr.args:
        base = value_of(func.value, ctx)
        if not isinstance(base, Aval):
            return None
        if method in ("sum", "prod") and base.kind == "bool":
            return of_kind("int", base.weak, ())
        if method in INEXACT_REDUCTIONS:
            base = at_least_float(base)
        return replace(base, shape=())
    return None


def _at_update(node: cst.BaseExpression) -> bool:
    """`x.at[...]`."""
    return (isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute)
            and node.value.attr.value == "at")


# -- the body ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Returned:
    """One way a body returns: where, the returned expression, and the context it reads."""

    where: cst.CSTNode
    value: cst.BaseExpression | None
    ctx: Context


def body_returns(model: FileModel, step: StepFunction, params: dict) -> list[Returned]:
    """Every return of the step with the values its names visibly hold there: the params
    (``params``: name -> Value), then straight-line assignments; names assigned inside `if`,
    loops or `with` are unknown from there on."""
    return function_returns(model, step.node, step.scope, params)


def function_returns(model: FileModel, function: cst.FunctionDef | cst.Lambda, scope: Scope,
                     params: dict, depth: int = 0) -> list[Returned]:
    """``body_returns`` of any def or lambda of the file (a step, a helper it calls). Its
    other parameters are unknown (the loop, or the helper's caller, passes them)."""
    locals_ = {n for n, bindings in scope.bindings.items()}
    ctx = Context(model, scope, dict(params), locals_ - set(params), depth)
    if isinstance(function, cst.Lambda):
        return [Returned(function.body, function.body, ctx)]
    found: list[Returned] = []
    body = function.body
    if isinstance(body, cst.IndentedBlock):
        _walk(list(body.body), ctx, found)
    else:
        _walk([body], ctx, found)
    return found


def _walk(statements: list, ctx: Context, found: list) -> None:
    for statement in statements:
        if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in statement.body:
                _simple(small, ctx, found)
        elif isinstance(statement, cst.If):
            _branches(statement, ctx, found)
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            _forget(ctx, {statement.name.value})  # its returns are not the body's
        else:
            _forget(ctx, bound_names(statement))
            for block in walk.blocks(statement):
                _walk(walk.block_statements(block), _copy(ctx), found)


def _branches(statement: cst.If, ctx: Context, found: list) -> None:
    _walk(walk.block_statements(statement.body), _copy(ctx), found)
    orelse = statement.orelse
    if isinstance(orelse, cst.If):
        _branches(orelse, ctx, found)
    elif isinstance(orelse, cst.Else):
        _walk(walk.block_statements(orelse.body), _copy(ctx), found)
    _forget(ctx, bound_names(statement))


def _copy(ctx: Context) -> Context:
    return Context(ctx.model, ctx.scope, dict(ctx.local), set(ctx.opaque), ctx.depth,
                   dict(ctx.exprs))


def _forget(ctx: Context, names: set[str]) -> None:
    for name in names:
        ctx.local.pop(name, None)
        ctx.exprs.pop(name, None)
        ctx.opaque.add(name)


def _simple(small: cst.BaseSmallStatement, ctx: Context, found: list) -> None:
    if isinstance(small, cst.Return):
        found.append(Returned(small, small.value, _copy(ctx)))
    elif isinstance(small, cst.Assign):
        value = value_of(small.value, ctx)
        for target in small.targets:
            _bind(target.target, value, small.value, ctx)
        _forget(ctx, _changed_in_place(small) & set(ctx.local))
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        _bind(small.target, value_of(small.value, ctx), small.value, ctx)
    elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
        as_binary = cst.BinaryOperation(small.target, _binary_operator(small.operator), small.value)
        literal = isinstance(small.value, (cst.Tuple, cst.List))  # `c += (x,)` extends a tuple
        _bind(small.target, value_of(as_binary, ctx), None if literal else as_binary, ctx)
    else:
        _forget(ctx, bound_names(small) | (_changed_in_place(small) & set(ctx.local)))


def _changed_in_place(small: cst.BaseSmallStatement) -> set[str]:
    """Names whose value a statement may change without rebinding them: the object of a
    method call (`parts.append(x)`), the root of a stored item or attribute (`parts[0] = x`,
    `del parts[0]`)."""
    found: set[str] = set()
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(
            small.value.func, cst.Attribute):
        root = _root_name(small.value.func.value)
        if root is not None:
            found.add(root)
    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else (
        [small.target] if isinstance(small, (cst.AugAssign, cst.AnnAssign)) else [])
    if isinstance(small, cst.Del):
        targets = [small.target]
    for target in targets:
        if isinstance(target, (cst.Subscript, cst.Attribute)):
            root = _root_name(target)
            if root is not None:
                found.add(root)
    return found


def _root_name(node: cst.BaseExpression) -> str | None:
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _binary_operator(operator: cst.BaseAugOp) -> cst.BaseBinaryOp:
    name = type(operator).__name__.replace("Assign", "")
    return getattr(cst, name)()


def _bind(target: cst.BaseExpression, value: Value, expr: cst.BaseExpression | None,
          ctx: Context) -> None:
    if isinstance(target, cst.Name):
        ctx.local[target.value] = value
        ctx.opaque.discard(target.value)
        if expr is None:
            ctx.exprs.pop(target.value, None)
        else:
            ctx.exprs[target.value] = expr
        return
    elements = literal_elements(target)
    if elements is None:
        _forget(ctx, target_names(target))
        return
    items = value.items if isinstance(value, Container) and value.kind != "dict" else None
    if items is not None and len(items) == len(elements[1]):
        for element, item in zip(elements[1], items):
            _bind(element, item, None, ctx)
    else:
        for element in elements[1]:
            _bind(element, None, None, ctx)


def param_names(function: cst.FunctionDef | cst.Lambda) -> list[str]:
    params = function.params
    return [p.name.value for p in [*params.posonly_params, *params.params]]


def step_params(model: FileModel, site, step: StepFunction, start: Value) -> dict:
    """The values of a body's parameters: the carry (``start``), and scan's `x` (an element
    of `xs`) or fori_loop's index."""
    names = [p.name.value for p in step.params]
    params = {name: value_of(expr, Context(model, scope, {}, set()))
              for name, (expr, scope) in step.preset.items()}
    params[step.carry_name] = start
    scanned = [n for n, axis in enumerate(step.axes or ()) if axis == SCANNED]
    if site.callee == "scan" and len(scanned) == 1 and scanned[0] < len(names):
        xs = value_of(site.args.get("xs"), Context(model, site.scope, {}, set()))
        params[names[scanned[0]]] = xs_element(xs)
    if site.callee == "fori_loop" and names:
        literal = all(isinstance(site.args.get(k), cst.Integer) for k in ("lower", "upper"))
        params[names[0]] = Aval("int", "int32", True, True if literal else None, ())
    return params


def xs_element(value: Value) -> Value:
    """What a scan body receives from ``xs``: each leaf without its leading axis."""
    if isinstance(value, Aval):
        return replace(value, shape=value.shape[1:] if value.shape else None)
    if isinstance(value, Container):
        return replace(value, items=tuple(xs_element(v) for v in value.items))
    return None
