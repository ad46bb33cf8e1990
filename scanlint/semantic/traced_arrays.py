"""Which expressions of a function under `jit` are JAX arrays, by evidence the file shows:
what Python iterates over one element at a time (SCN302) and what a length or shape is read
off (SCN301). Nothing is guessed: an expression is an array when the code makes it one (a
`jax.numpy`, `jax.random`, `jax.nn` or array-valued `jax.lax` function that returns one
array, arithmetic or a method on one, a function of this file whose every `return` gives
one), or when a parameter is annotated as one (`jax.Array`, `jnp.ndarray`, jaxtyping's
`Float[Array, "n"]`), is used as one (`x.shape`, `x.ndim`, `x.T`, `x @ w`), or is one at every
visible call. `jnp.split`, `jnp.meshgrid`, `jnp.linalg.svd` and the like return tuples and
lists: Python iterates those by design.

Part of the model (ground layer), read by `trip_counts.py` and `jit_iterations.py`.
"""

from __future__ import annotations

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.call_sites import passed_arguments
from scanlint.semantic.instances import self_class
from scanlint.semantic.model import FileModel, own_returns
from scanlint.semantic.scopes import (Binding, Scope, StubBinding, bound_value, lookup,
                                      qualified_name)

# `jax.numpy` functions returning tuples or lists (or a Python value), not one array.
NOT_ONE_ARRAY = frozenset({
    "split", "array_split", "hsplit", "vsplit", "dsplit", "meshgrid", "nonzero",
    "unravel_index", "histogram", "histogram2d", "histogramdd", "unique", "unique_all",
    "unique_counts", "unique_inverse", "broadcast_arrays", "ix_", "triu_indices",
    "tril_indices", "diag_indices", "mask_indices", "indices", "frexp", "modf", "divmod",
    "shape", "ndim", "size", "result_type", "dtype", "iinfo", "finfo", "polyfit",
    "triu_indices_from", "tril_indices_from", "diag_indices_from", "where", "argwhere",
    "flatnonzero", "isscalar", "issubdtype", "promote_types", "can_cast", "unstack",
    "atleast_1d", "atleast_2d", "atleast_3d", "vectorize", "frompyfunc", "printoptions",
    "array_equal", "allclose", "linalg", "fft",
})
# NumPy and jax.numpy names that are scalars, types or constants, not arrays.
NUMPY_SCALARS = frozenset({
    "pi", "e", "inf", "nan", "newaxis", "float32", "float64", "float16", "bfloat16", "int32",
    "int64", "int8", "int16", "uint8", "uint32", "uint64", "bool_", "complex64", "complex128",
    "int_", "float_", "integer", "floating", "number", "generic", "inexact", "seterr",
    "errstate", "random",
})
# Elementwise functions: an array when an argument is one (`jnp.exp(2.0)` is a scalar).
ELEMENTWISE = frozenset({
    "abs", "absolute", "exp", "exp2", "expm1", "log", "log1p", "log2", "log10", "sqrt", "cbrt",
    "square", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "sinh", "cosh",
    "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "round", "rint", "trunc", "sign",
    "negative", "positive", "reciprocal", "maximum", "minimum", "fmax", "fmin", "clip",
    "isnan", "isinf", "isfinite", "isclose", "logical_and", "logical_or", "logical_not",
    "logical_xor", "add", "subtract", "multiply", "divide", "true_divide", "floor_divide",
    "power", "mod", "remainder", "conj", "conjugate", "real", "imag", "angle", "hypot",
    "heaviside", "nan_to_num", "deg2rad", "rad2deg", "sinc", "logaddexp", "copysign",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "float_power",
})
# Reductions whose result has no axis left unless `axis=` (or `keepdims=`) is given.
FULL_REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "std", "var", "all", "any", "argmax", "argmin",
    "amax", "amin", "median", "nansum", "nanmean", "nanmax", "nanmin", "count_nonzero",
    "average", "ptp", "trace", "vdot", "logsumexp",
})
LINALG_ARRAYS = frozenset({"inv", "solve", "cholesky", "pinv", "matrix_power", "expm", "norm",
                           "eigvalsh", "eigvals", "matrix_transpose", "tensorsolve"})
LAX_ARRAYS = frozenset({
    "dot", "dot_general", "conv", "conv_general_dilated", "dynamic_slice", "dynamic_slice_in_dim",
    "dynamic_update_slice", "slice", "slice_in_dim", "concatenate", "reshape", "transpose",
    "broadcast", "broadcast_in_dim", "pad", "select", "cumsum", "cumprod", "cummax", "cummin",
    "iota", "rev", "expand_dims", "squeeze", "gather", "index_in_dim", "stop_gradient",
    "batch_matmul", "full", "full_like", "convert_element_type", "clamp", "exp", "tanh",
    "logistic", "add", "sub", "mul", "div", "max", "min", "integer_pow", "square", "rsqrt",
})
# Methods of an array that give an array.
ARRAY_METHODS = frozenset({
    "reshape", "astype", "transpose", "squeeze", "ravel", "flatten", "copy", "clip", "swapaxes",
    "set", "add", "multiply", "divide", "power", "get", "apply", "round", "conj", "cumsum",
    "cumprod", "repeat", "take", "dot", "view",
})
# Attributes only arrays have (a read of one marks a parameter as an array).
ARRAY_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "T", "mT", "at", "reshape", "astype"})
# Annotations that say an array.
ARRAY_ANNOTATIONS = frozenset({
    "jax.Array", "jax.numpy.ndarray", "jax.typing.Array", "chex.Array", "chex.ArrayDevice",
    "jaxtyping.Array", "numpy.ndarray", "jax.interpreters.xla.DeviceArray",
})
JAXTYPING_DTYPES = frozenset({"Float", "Int", "Bool", "Complex", "Shaped", "Num", "Real",
                              "Inexact", "Integer", "UInt", "Key", "Float32", "Int32"})
_DEPTH = 4


class Arrays:
    """Array evidence for the expressions of one function under jit (``jitted``: the scope
    jit traces, whose parameters it traces unless ``static``). With ``numpy``, NumPy arrays
    count too: their sizes are data sizes, but Python iterating one under jit iterates
    values computed while tracing, not traced slices. Without ``callers``, the calls of a
    parameter's function are not read."""

    def __init__(self, model: FileModel, jitted: Scope, static: frozenset[str],
                 all_static: bool, numpy: bool = True, callers: bool = True) -> None:
        self.model = model
        self.callers = callers  # a parameter is an array when every call passes one
        self.jitted = jitted
        self.static = static
        self.all_static = all_static
        self.modules = ("jax.numpy", "numpy", "numpy.random") if numpy else ("jax.numpy",)
        self.annotations = ARRAY_ANNOTATIONS if numpy else ARRAY_ANNOTATIONS - {"numpy.ndarray"}
        self._names: dict[tuple[int, int], str | None] = {}

    def evidence(self, expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> str | None:
        """Why ``expr`` (read in ``scope``) is a JAX array, or None. ``depth`` counts the
        names and calls followed to get here."""
        if depth > _DEPTH:
            return None
        if isinstance(expr, cst.Name):
            return self._name(expr.value, scope, depth)
        if isinstance(expr, cst.Call):
            return self._call(expr, scope, depth)
        if isinstance(expr, cst.BinaryOperation):
            if isinstance(expr.operator, cst.MatrixMultiply):
                return "`@` gives an array"
            if _sequence_literal(expr.left) or _sequence_literal(expr.right):
                return None  # a list or tuple repeated or joined
            return self.evidence(expr.left, scope, depth) or self.evidence(
                expr.right, scope, depth)
        if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
            return self.evidence(expr.expression, scope, depth)
        if isinstance(expr, cst.Attribute):
            if expr.attr.value in ("T", "mT", "real", "imag"):
                return self.evidence(expr.value, scope, depth)
            return self._attribute(expr, scope, depth)
        if isinstance(expr, cst.Subscript):
            return self.evidence(expr.value, scope, depth)
        return None

    # -- names ----------------------------------------------------------------------------
    def _name(self, name: str, scope: Scope, depth: int) -> str | None:
        owner, bindings = lookup(scope, name)
        if owner is None or not bindings or any(isinstance(b, StubBinding) for b in bindings):
            return None
        found = []
        for binding in bindings:
            key = (id(binding), depth)
            if key not in self._names:
                self._names[key] = None  # while its own value is read (cycles)
                self._names[key] = self._binding(binding, depth)
            found.append(self._names[key])
        return found[0] if found and None not in found else None

    def _binding(self, binding: Binding, depth: int) -> str | None:
        if binding.kind == "param":
            return self._parameter(binding, depth)
        if binding.kind in ("assign", "annassign"):
            value = bound_value(binding)  # (`x, t = self.x, self.t`: its own element)
            if value is not None:
                return self.evidence(value, binding.scope, depth + 1)
            return self._unpacked(binding, depth)
        if binding.kind == "augassign" and isinstance(binding.node, cst.AugAssign):
            return self.evidence(binding.node.value, binding.scope, depth + 1)
        return None

    def _unpacked(self, binding: Binding, depth: int) -> str | None:
        """`a, b = jnp.split(x, 2)` gives arrays (a tuple of them is unpacked)."""
        node = binding.node
        if not (isinstance(node, cst.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0].target, (cst.Tuple, cst.List))
                and isinstance(node.value, cst.Call)):
            return None
        qualified = qualified_name(binding.scope, node.value.func) or ""
        if qualified in ("jax.numpy.split", "jax.numpy.array_split", "jax.random.split"):
            return f"`{qualified.rsplit('.', 1)[-1]}` gives arrays"
        return None

    def _parameter(self, binding: Binding, depth: int) -> str | None:
        param = binding.node
        assert isinstance(param, cst.Param)
        if binding.scope is self.jitted and binding.name in self.static:
            return None  # a Python value
        if binding.scope is not self.jitted and binding.scope.is_within(self.jitted):
            return None  # a local def's parameter: a slice, a carry, whatever it is given
        if param.annotation is not None:  # what it says, array or not
            return self._annotation(param.annotation, binding.scope)
        if param.star or binding.scope.outside_slice or (
                param.default is not None and self.evidence(param.default, binding.scope,
                                                            depth + 1) is None):
            return None  # `*args`, `**kw`; a default that is no array
        used = _used_as_array(self.model, binding)
        if used is not None:
            return f"`{binding.name}.{used}` is read" if used != "@" else \
                f"`{binding.name}` is multiplied with `@`"
        if not self.callers:
            return None
        passed = passed_arguments(self.model, binding)
        evidence = [self.evidence(p.expr, p.scope, depth + 1) for p in passed]
        if evidence and None not in evidence:
            return "every call in the file passes an array"
        return None

    def _annotation(self, annotation: cst.Annotation | None, scope: Scope) -> str | None:
        if annotation is None:
            return None
        expr = annotation.annotation
        if isinstance(expr, cst.Subscript) and (qualified_name(scope, expr.value) or "").rsplit(
                ".", 1)[-1] in JAXTYPING_DTYPES:
            expr = expr.slice[0].slice.value if isinstance(expr.slice[0].slice, cst.Index) else expr
        name = qualified_name(scope, expr) or ""
        if name in self.annotations or name.endswith(".Array") or (
                name.endswith(".ndarray") and (name != "numpy.ndarray" or "numpy" in self.modules)):
            return "annotated as an array"
        return None

    # -- calls and attributes -------------------------------------------------------------
    def _call(self, call: cst.Call, scope: Scope, depth: int) -> str | None:
        name = qualified_name(scope, call.func) or ""
        module, _, last = name.rpartition(".")
        if module in self.modules:
            if last in ELEMENTWISE or (last == "where" and len(call.args) == 3):
                return next((e for e in (self.evidence(a.value, scope, depth)
                                         for a in call.args if not a.star) if e), None)
            if last in NOT_ONE_ARRAY or (last in FULL_REDUCTIONS and not _has_axis(call)) or \
                    last in NUMPY_SCALARS:
                return None
            return f"`{_short(name)}` gives an array"
        if module == "jax.numpy.linalg" and last in LINALG_ARRAYS and last != "norm":
            return f"`{_short(name)}` gives an array"
        if module in ("jax.random", "jax.nn") or (module == "jax.lax" and last in LAX_ARRAYS):
            return f"`{_short(name)}` gives an array"
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ARRAY_METHODS:
            if func.attr.value in ("set", "add", "multiply", "divide", "power", "get", "apply"):
                holder = func.value
                if isinstance(holder, cst.Subscript) and isinstance(holder.value, cst.Attribute) \
                        and holder.value.attr.value == "at":
                    return self.evidence(holder.value.value, scope, depth)
                return None
            return self.evidence(func.value, scope, depth)
        if isinstance(func, cst.Attribute) and func.attr.value in FULL_REDUCTIONS and \
                _has_axis(call):
            return self.evidence(func.value, scope, depth)
        if isinstance(func, cst.Name):
            return self._returned(func, scope, depth)
        return None

    def _returned(self, func: cst.Name, scope: Scope, depth: int) -> str | None:
        """A call of a function of this file whose every `return` gives an array."""
        _owner, bindings = lookup(scope, func.value)
        if len(bindings) != 1 or bindings[0].kind != "def":
            return None
        function = bindings[0].node  # a stub's raises OutsideSlice: the engine parses it
        inner = self.model.scope_of.get(id(function))
        if not isinstance(function, cst.FunctionDef) or inner is None or function.decorators:
            return None
        returns = own_returns(function)
        found = [self.evidence(r.value, inner, depth + 1) if r.value is not None else None
                 for r in returns]
        if found and None not in found:
            return f"`{func.value}` returns an array"
        return None

    def _attribute(self, expr: cst.Attribute, scope: Scope, depth: int) -> str | None:
        """`self.w` of a method, when every assignment of it in the class is an array."""
        holder = expr.value
        if not isinstance(holder, cst.Name):
            return None
        _owner, bindings = lookup(scope, holder.value)
        if len(bindings) != 1 or bindings[0].kind != "param":
            return None
        class_scope = self_class(bindings[0])
        if class_scope is None:
            return None
        values = attribute_values(self.model, class_scope, expr.attr.value)
        found = [self.evidence(value, where, depth + 1) for value, where in values]
        return found[0] if found and None not in found else None


def attribute_values(model: FileModel, class_scope: Scope, attr: str
                     ) -> list[tuple[cst.BaseExpression, Scope]]:
    """Every value the class's methods assign to `self.attr` (each with the method's scope).
    Raises OutsideSlice when a method is a stub (its node)."""
    key = ("attribute values", id(class_scope))
    stores = model.memo.get(key)
    if stores is None:
        stores = model.memo[key] = _self_stores(class_scope)
    return stores.get(attr, [])


def _self_stores(class_scope: Scope) -> dict[str, list[tuple[cst.BaseExpression, Scope]]]:
    """attr -> the values the class's methods assign to `self.attr`, read in one walk."""
    found: dict[str, list[tuple[cst.BaseExpression, Scope]]] = {}
    for bindings in class_scope.bindings.values():
        for binding in bindings:
            if binding.kind != "def":
                continue
            method = binding.node
            inner = next((s for s in class_scope.children if s.node is method), None)
            if not isinstance(method, cst.FunctionDef) or inner is None:
                continue
            positional = [*method.params.posonly_params, *method.params.params]
            if not positional:
                continue
            own = positional[0].name.value
            for target, value in _stores(method):
                if isinstance(target.value, cst.Name) and target.value.value == own:
                    found.setdefault(target.attr.value, []).append((value, inner))
    return found


def _stores(method: cst.FunctionDef) -> list[tuple[cst.Attribute, cst.BaseExpression]]:
    """`x.attr = value` statements of the method (not of defs inside it), visiting
    statements only."""
    found: list[tuple[cst.Attribute, cst.BaseExpression]] = []
    for node in _small_statements(method.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Attribute):
                    found.append((target.target, node.value))
        elif isinstance(node, cst.AnnAssign) and node.value is not None and isinstance(
                node.target, cst.Attribute):
            found.append((node.target, node.value))
    return found


def _small_statements(block: cst.CSTNode):
    """The small statements of a block and of the blocks nested in its statements (not in
    nested defs or classes), without entering expressions."""
    stack: list[cst.CSTNode] = [block]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleStatementLine) or isinstance(
                node, cst.SimpleStatementSuite):
            yield from node.body
        elif isinstance(node, (cst.IndentedBlock, cst.Else, cst.Finally, cst.ExceptHandler)):
            stack.extend(getattr(node, "body", ()) if isinstance(node, cst.IndentedBlock)
                         else [node.body])
        elif isinstance(node, cst.BaseCompoundStatement) and not isinstance(
                node, (cst.FunctionDef, cst.ClassDef)):
            for name in ("body", "orelse", "finalbody"):
                part = getattr(node, name, None)
                if part is not None:
                    stack.append(part)
            stack.extend(getattr(node, "handlers", ()))
            stack.extend(getattr(node, "cases", ()))
        elif isinstance(node, cst.MatchCase):
            stack.append(node.body)


def _used_as_array(model: FileModel, binding: Binding) -> str | None:
    """An attribute only arrays have read off the parameter in its own function (`x.shape`),
    or `@` on it."""
    key = ("array uses", id(binding.scope))
    uses = model.memo.get(key)
    if uses is None:
        uses = model.memo[key] = _array_uses(binding.scope)
    return uses.get(binding.name)


def _array_uses(scope: Scope) -> dict[str, str]:
    """name -> how the function's code uses it as an array (`shape`, `@`), in one walk."""
    found: dict[str, str] = {}
    for node in walk.descendants(scope.node):
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
                and node.attr.value in ARRAY_ATTRIBUTES:
            found.setdefault(node.value.value, node.attr.value)
        elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator,
                                                                  cst.MatrixMultiply):
            for side in (node.left, node.right):
                if isinstance(side, cst.Name):
                    found.setdefault(side.value, "@")
    return found


def _has_axis(call: cst.Call) -> bool:
    return any(a.keyword is not None and a.keyword.value in ("axis", "keepdims", "axes")
               for a in call.args) or sum(1 for a in call.args if a.keyword is None) > 1


def _sequence_literal(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.List, cst.Tuple, cst.ListComp))


def _short(name: str) -> str:
    return name.replace("jax.numpy.", "jnp.").replace("numpy.", "np.")
