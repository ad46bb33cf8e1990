"""Which expressions of a loop under `jit` are Python values while jax traces it (the index,
the ints it carries, constants, builtins' results) and of what kind, and the value an int
expression takes at each step: what SCN301's fix must keep a Python value, and whether an
index expression stays within int32.

Part of the model (ground layer), read by `rolling.py`.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic.jit_loops import INT_OPERATORS, JitLoop, bound_value, constant_int, range_args
from scanlint.semantic.scopes import Binding, Scope, lookup, qualified_name

# Builtins computing on Python values; given a traced index they fail (or print once).
PYTHON_BUILTINS = {"int": "int", "len": "int", "bool": "int", "round": "int", "float": "float",
                   "abs": None, "min": None, "max": None, "pow": None, "divmod": None,
                   "str": "other", "repr": "other", "hash": "int", "print": "other"}


# Results that are scalars whatever the argument's shape (no `axis=`).
REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "std", "var", "norm", "vdot", "amax", "amin",
    "nansum", "nanmean", "logsumexp", "item", "median", "all", "any", "size",
})
# Python floats that modules name (`jnp.pi` is a Python float, not an array).
FLOAT_CONSTANTS = frozenset(f"{module}.{name}" for module in ("math", "numpy", "jax.numpy")
                            for name in ("pi", "e", "tau", "inf", "nan", "euler_gamma"))
INT32_MAX = 2**31 - 1
MAX_CHECKED_TRIPS = 100_000  # an int index expression is evaluated for every step up to this
UNROLLED_LIMIT = 2**24  # more steps than any unrolled loop that compiles


class TraceTimeValues:
    """Which expressions are Python values when the loop is unrolled, and of what kind:
    "int", "float", "other" (strings, containers, NumPy values, values of unknown type), or
    None (an array, or something else jax traces)."""

    def __init__(self, jl: JitLoop) -> None:
        self.jl = jl
        self._names: dict[int, str | None] = {}  # id(binding) -> kind, memoised

    def kind(self, expr: cst.BaseExpression, scope: Scope | None = None,
             depth: int = 0) -> str | None:
        scope = scope or self.jl.scope
        if depth > 30:
            return None
        if isinstance(expr, cst.Integer):
            return "int"
        if isinstance(expr, cst.Float):
            return "float"
        if isinstance(expr, (cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
                             cst.FormattedString, cst.List, cst.Tuple, cst.Dict, cst.Set,
                             cst.ListComp, cst.DictComp, cst.SetComp)):
            return "other"
        if isinstance(expr, cst.Name):
            return self._name_kind(expr.value, scope, depth)
        if isinstance(expr, cst.UnaryOperation):
            inner = self.kind(expr.expression, scope, depth + 1)
            return "int" if inner and isinstance(expr.operator, cst.Not) else inner
        if isinstance(expr, cst.BinaryOperation):
            return self._binary_kind(expr, scope, depth)
        if isinstance(expr, cst.Comparison):
            kinds = [self.kind(expr.left, scope, depth + 1)] + [
                self.kind(c.comparator, scope, depth + 1) for c in expr.comparisons]
            return None if None in kinds else join_kinds(["int", *kinds])
        if isinstance(expr, cst.Call):
            return self._call_kind(expr, scope, depth)
        if isinstance(expr, cst.Subscript):
            return "other" if self.python_value(expr.value, scope, depth) else None
        if isinstance(expr, cst.Attribute):
            if (qualified_name(scope, expr) or "") in FLOAT_CONSTANTS:
                return "float"
            return "other" if self.python_value(expr.value, scope, depth) else None
        if isinstance(expr, cst.IfExp):
            kinds = [self.kind(e, scope, depth + 1) for e in (expr.test, expr.body, expr.orelse)]
            return None if None in kinds else join_kinds(kinds)
        return None

    def python_value(self, expr: cst.BaseExpression, scope: Scope | None = None,
                     depth: int = 0) -> bool:
        """Whether ``expr`` is a Python value (a list, tuple, shape, NumPy array, a static
        argument or an attribute of one), which a traced index cannot index."""
        while isinstance(expr, (cst.Attribute, cst.Subscript)):
            if isinstance(expr, cst.Attribute) and expr.attr.value in ("shape", "strides"):
                return True
            expr = expr.value
        return self.kind(expr, scope, depth + 1) is not None

    def _binary_kind(self, expr: cst.BinaryOperation, scope: Scope, depth: int) -> str | None:
        if isinstance(expr.operator, cst.MatrixMultiply):
            return None
        left = self.kind(expr.left, scope, depth + 1)
        right = self.kind(expr.right, scope, depth + 1)
        if left is None or right is None:
            return None
        if isinstance(expr.operator, cst.Divide):
            return "float" if "other" not in (left, right) else "other"
        return join_kinds([left, right])

    def _call_kind(self, expr: cst.Call, scope: Scope, depth: int) -> str | None:
        if isinstance(expr.func, cst.Name) and expr.func.value in PYTHON_BUILTINS and not \
                lookup(scope, expr.func.value)[1]:
            kinds = [self.kind(a.value, scope, depth + 1) for a in expr.args]
            if None in kinds:
                return None
            return PYTHON_BUILTINS[expr.func.value] or join_kinds(kinds or ["int"])
        qualified = qualified_name(scope, expr.func) or ""
        if qualified.startswith("math."):
            return "float"
        if qualified.startswith("numpy."):
            return "other"  # NumPy computes it when the function is traced
        return None

    def _name_kind(self, name: str, scope: Scope, depth: int) -> str | None:
        if name in ("True", "False"):
            return "int"
        if name == "None":
            return "other"
        owner, bindings = lookup(scope, name)
        if owner is None or not bindings:
            return None
        if owner is self.jl.scope and name == self.jl.index:
            return "int"
        kinds = []
        for binding in bindings:
            key = id(binding)
            if key not in self._names:
                self._names[key] = "int"  # assumed while its own value is being read (cycles)
                self._names[key] = self._binding_kind(binding, depth)
            kinds.append(self._names[key])
        return None if None in kinds else join_kinds(kinds)

    def _binding_kind(self, binding: Binding, depth: int) -> str | None:
        if binding.kind == "param":
            return self._param_kind(binding)
        if binding.kind in ("assign", "annassign", "augassign"):
            value = bound_value(binding)
            if binding.kind == "augassign" and isinstance(binding.node, cst.AugAssign):
                value = binding.node.value
            return self.kind(value, binding.scope, depth + 1) if value is not None else None
        if binding.kind == "loop" and isinstance(binding.node, (cst.For, cst.CompFor)):
            if range_args(binding.node.iter, binding.scope) is not None:
                return "int"
            if binding.node is self.jl.loop and self.jl.range_args is None:
                return "other"  # an element of a Python sequence the loop is counted over
        return None

    def _param_kind(self, binding: Binding) -> str | None:
        param = binding.node
        assert isinstance(param, cst.Param)
        if binding.scope is not self.jl.jitted:
            return "other"  # a local def's parameter: whatever its caller passes
        info = self.jl.info
        if binding.name in info.static_params:
            return "other"
        if info.params_may_be_static:  # equinox.filter_jit: arrays are traced, the rest static
            return None if _annotated_array(binding) else "other"
        if param.default is not None:  # jit traces it only when the caller passes it
            return self.kind(param.default, binding.scope) or "other"
        return None

    def fits_int32(self, expr: cst.BaseExpression) -> bool:
        """Whether an int expression of the index stays in int32 at every step (checked
        when its value is known from the source: literals, constants and the index)."""
        bounds = self.jl.bounds
        # Unknown bounds (a shape, a static argument): no program unrolls 2**24 steps, so
        # the index stays below that, and int expressions of it grow with it.
        steps = range(*bounds) if bounds is not None else (0, 1, UNROLLED_LIMIT)
        if bounds is not None and len(steps) > MAX_CHECKED_TRIPS:
            return True
        try:
            return all(abs(evaluate_int(expr, self.jl, i)) <= INT32_MAX for i in steps)
        except _Unknown:
            return True


class _Unknown(Exception):
    pass


def evaluate_int(expr: cst.BaseExpression, jl: JitLoop, index: int, depth: int = 0) -> int:
    """An int expression's value at one step (the index bound to ``index``)."""
    if depth > 30:
        raise _Unknown
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.Name):
        if expr.value == jl.index:
            return index
        if expr.value in ("True", "False"):
            return int(expr.value == "True")
        value = constant_int(expr, jl.scope)
        if value is None:
            _owner, bindings = lookup(jl.scope, expr.value)
            value = bound_value(bindings[0]) if len(bindings) == 1 else None
            if value is not None:
                return evaluate_int(value, jl, index, depth + 1)
            raise _Unknown
        return value
    if isinstance(expr, cst.UnaryOperation):
        inner = evaluate_int(expr.expression, jl, index, depth + 1)
        return {cst.Minus: -inner, cst.Plus: inner, cst.BitInvert: ~inner}.get(
            type(expr.operator), int(not inner))
    if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in INT_OPERATORS:
        left = evaluate_int(expr.left, jl, index, depth + 1)
        right = evaluate_int(expr.right, jl, index, depth + 1)
        if right == 0 and isinstance(expr.operator, (cst.FloorDivide, cst.Modulo)):
            raise _Unknown
        value = INT_OPERATORS[type(expr.operator)](left, right)
        if value is None:
            raise _Unknown
        return value
    if isinstance(expr, cst.Comparison):
        return 0  # a bool: always fits
    raise _Unknown


def join_kinds(kinds: list[str | None]) -> str | None:
    if None in kinds:
        return None
    if "other" in kinds:
        return "other"
    return "float" if "float" in kinds else "int"


def is_scalar(expr: cst.BaseExpression, statics: TraceTimeValues, carried: str, depth: int = 0) -> bool:
    """Whether ``expr`` is a scalar whatever its inputs' shapes: Python numbers, the
    ``carried`` name itself (a number so far), reductions without `axis=`, and arithmetic
    of those."""
    if depth > 20:
        return False
    if statics.kind(expr) in ("int", "float"):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return is_scalar(expr.expression, statics, carried, depth + 1)
    if isinstance(expr, cst.BinaryOperation) and not isinstance(expr.operator, cst.MatrixMultiply):
        return (is_scalar(expr.left, statics, carried, depth + 1)
                and is_scalar(expr.right, statics, carried, depth + 1))
    if isinstance(expr, cst.Name):
        return expr.value == carried
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if any(a.keyword is not None and a.keyword.value in ("axis", "keepdims")
               for a in expr.args):
            return False
        if expr.func.attr.value in REDUCTIONS:
            return True
    return False


def literal_kind(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return "`None`"
    if isinstance(node, cst.SimpleString):
        return "string"
    return {cst.Tuple: "tuple", cst.Dict: "dict", cst.Set: "set", cst.DictComp: "dict",
            cst.SetComp: "set"}.get(type(node), "list")


def _annotated_array(binding: Binding) -> bool:
    """A parameter annotated as an array (`x: jax.Array`, `Float[Array, "n"]`)."""
    param = binding.node
    if not isinstance(param, cst.Param) or param.annotation is None:
        return False
    expr = param.annotation.annotation
    if isinstance(expr, cst.Subscript):
        expr = expr.value if not isinstance(expr.slice[0].slice, cst.Index) else \
            expr.slice[0].slice.value
    name = qualified_name(binding.scope, expr) or ""
    return name.endswith((".Array", ".ndarray"))
