"""Arrays whose shape comes from array values, not from other shapes (SCN309).

`jit` compiles once per input shape. A size computed from data (`int(mask.sum())`,
`int(40 + 2 * float(theta[0]))`), a boolean mask (`x[x > 0]`) or `jnp.nonzero`/`unique`
without `size=` gives an array whose shape follows the values: handed to a jitted function
from code that runs again and again (a sampler's proposals, a planner's ticks), each new size
traces and compiles again (ripple's heterodyne grid, tedwards2412/ripple#4).
"""

from __future__ import annotations

import ast

from scanlint.semantic.program import Bind, CallSite, Program, Scope

_MODULES = ("jax.numpy", "numpy")
# Functions whose output's length is the number of elements meeting a condition.
DATA_SHAPED = frozenset({"nonzero", "flatnonzero", "argwhere", "unique", "extract",
                         "compress"})
# Reductions whose value is read from the elements (as a size: `int(mask.sum())`).
VALUE_REDUCERS = frozenset({"sum", "count_nonzero", "max", "min", "amax", "amin", "argmax",
                            "argmin", "searchsorted", "mean", "item", "tolist"})
# The size argument of makers that take one besides the shape (`linspace(a, b, num)`).
_NUM_PLACE = {"linspace": 2, "geomspace": 2, "logspace": 2}
_SHAPE_MAKERS = frozenset({"zeros", "ones", "empty", "full", "arange", "eye", "tri",
                           "normal", "uniform", "randint", "bernoulli", "choice",
                           "permutation"})
_METADATA = frozenset({"shape", "ndim", "size", "dtype"})
_DEPTH = 3


def data_shaped(program: Program, expr: ast.expr, scope: Scope, depth: int = 0) -> str | None:
    """How the array ``expr`` gets a shape from values: the expression that decides it, or
    None. Names bound once are followed, and the file's functions that make an array from
    a size they are given."""
    if depth > _DEPTH:
        return None
    if isinstance(expr, ast.Name):
        value = _single_value(program, scope, expr.id)
        return data_shaped(program, value, scope, depth + 1) if value is not None else None
    if isinstance(expr, ast.Subscript):
        part = expr.slice
        if isinstance(part, ast.Slice):
            for bound in (part.lower, part.upper):
                if bound is not None and data_size(program, bound, scope):
                    return program.source(expr)
            return None
        if _is_mask(program, part, scope, depth):
            return program.source(expr)
        return data_shaped(program, expr.value, scope, depth + 1) if isinstance(
            expr.value, ast.Call) else None
    if not isinstance(expr, ast.Call):
        return None
    q = program.qualified(expr.func, scope) or ""
    module, _, last = q.rpartition(".")
    if module in _MODULES or module == "jax.random" or module == "numpy.random":
        if _kw(expr, "size") is not None and module in _MODULES:
            return None  # `jnp.nonzero(m, size=k)`: a fixed size
        if last in DATA_SHAPED or last == "where" and len(expr.args) == 1:
            return program.source(expr)
        for size in _sizes(expr, last, module):
            if data_size(program, size, scope):
                return program.source(expr)
        if last in ("asarray", "array") and expr.args:
            return data_shaped(program, expr.args[0], scope, depth + 1)
        return None
    return _made_by_file_function(program, expr, scope, depth)


def data_size(program: Program, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
    """Whether the int ``expr`` is computed from the values of an array: `int(...)` or
    `round(...)` of something that reads elements, `.item()`, `x.sum()`."""
    if depth > _DEPTH:
        return False
    if isinstance(expr, ast.Name):
        value = _single_value(program, scope, expr.id)
        return value is not None and data_size(program, value, scope, depth + 1)
    if isinstance(expr, ast.BinOp):
        return data_size(program, expr.left, scope, depth) or \
            data_size(program, expr.right, scope, depth)
    if isinstance(expr, (ast.Tuple, ast.List)):
        return any(data_size(program, e, scope, depth) for e in expr.elts)
    if not isinstance(expr, ast.Call):
        return False
    q = _builtin(program, expr.func, scope) or program.qualified(expr.func, scope) or ""
    if q in ("int", "round", "math.ceil", "math.floor", "operator.index") and expr.args:
        return reads_values(program, expr.args[0], scope, depth)
    return _reads_elements(program, expr, scope)


def reads_values(program: Program, expr: ast.expr, scope: Scope, depth: int = 0) -> bool:
    """Whether ``expr`` reads an array's elements (not only its shape): `float(theta[0])`,
    `mask.sum()`, `jnp.max(x)`, through names bound once."""
    if depth > _DEPTH:
        return False
    if isinstance(expr, ast.Attribute) and expr.attr in _METADATA:
        return False
    if isinstance(expr, ast.Call) and _reads_elements(program, expr, scope):
        return True
    if isinstance(expr, ast.Call) and _builtin(program, expr.func, scope) == "len":
        return False
    if isinstance(expr, ast.Name):
        value = _single_value(program, scope, expr.id)
        return value is not None and reads_values(program, value, scope, depth + 1)
    return any(reads_values(program, child, scope, depth)
               for child in ast.iter_child_nodes(expr) if isinstance(child, ast.expr))


def _reads_elements(program: Program, call: ast.Call, scope: Scope) -> bool:
    """`x.item()`, `mask.sum()`, `jnp.max(x)`, `float(theta[0])`: a call whose value is
    read from elements (of something other than a shape)."""
    func = call.func
    q = program.qualified(func, scope) or ""
    module, _, last = q.rpartition(".")
    if module in _MODULES:
        return last in VALUE_REDUCERS and bool(call.args) and not _metadata_only(call.args[0])
    if isinstance(func, ast.Attribute) and func.attr in VALUE_REDUCERS and not q:
        return not _metadata_only(func.value)  # a method of an array: `mask.sum()`
    if _builtin(program, func, scope) == "float" and call.args:
        arg = call.args[0]
        return isinstance(arg, ast.Subscript) and not _metadata_only(arg) or \
            isinstance(arg, ast.Call) and _reads_elements(program, arg, scope)
    return False


def _builtin(program: Program, func: ast.expr, scope: Scope) -> str | None:
    """The builtin ``func`` names (`int`, `float`), when the file does not rebind it."""
    if isinstance(func, ast.Name) and not program.lookup(scope, func.id):
        return func.id
    return None


def _metadata_only(expr: ast.expr) -> bool:
    """`x.shape`, `x.shape[0]`, `len(x)`, constants: no element is read."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.Subscript):
        return _metadata_only(expr.value)
    if isinstance(expr, ast.Attribute):
        return expr.attr in _METADATA
    if isinstance(expr, (ast.Tuple, ast.List)):
        return all(_metadata_only(e) for e in expr.elts)
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and \
        expr.func.id == "len"


def _is_mask(program: Program, part: ast.expr, scope: Scope, depth: int) -> bool:
    """A boolean index: a comparison, its negation or combination, `jnp.isfinite(x)`."""
    if isinstance(part, ast.Name) and depth <= _DEPTH:
        value = _single_value(program, scope, part.id)
        return value is not None and _is_mask(program, value, scope, depth + 1)
    if isinstance(part, ast.Compare):
        return True
    if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Invert):
        return _is_mask(program, part.operand, scope, depth)
    if isinstance(part, ast.BinOp) and isinstance(part.op, (ast.BitAnd, ast.BitOr)):
        return _is_mask(program, part.left, scope, depth) or \
            _is_mask(program, part.right, scope, depth)
    if isinstance(part, ast.Call):
        q = program.qualified(part.func, scope) or ""
        module, _, last = q.rpartition(".")
        return module in _MODULES and (last.startswith(("is", "logical_")) or
                                       last in ("greater", "less", "equal", "not_equal"))
    return False


def _sizes(call: ast.Call, last: str, module: str) -> list[ast.expr]:
    """The arguments of a maker that decide its output's size."""
    if last in _NUM_PLACE:
        place = _NUM_PLACE[last]
        num = call.args[place] if len(call.args) > place else _kw(call, "num")
        return [num] if num is not None else []
    if last not in _SHAPE_MAKERS:
        return []
    if last == "arange":
        return list(call.args)
    place = 1 if module == "jax.random" else 0
    shape = call.args[place] if len(call.args) > place else _kw(call, "shape")
    return [shape] if shape is not None else []


def _kw(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _made_by_file_function(program: Program, call: ast.Call, scope: Scope,
                           depth: int) -> str | None:
    """A call of the file's function passing a size from values to a parameter that the
    function uses as a size (`heterodyne_grid(fmin, fmax, n_bins)` with
    `np.geomspace(fmin, fmax, n_bins)` inside)."""
    for target in program.targets(call.func, scope):
        function = target.function
        passed = {p: function.argument(call, p, target.bound_self) for p in function.params}
        sized = {p for p, arg in passed.items() if arg is not None and
                 data_size(program, arg, scope)}
        if sized and _uses_as_size(program, function, sized):
            return program.source(call)
    return None


def _uses_as_size(program: Program, function: Scope, params: set[str]) -> bool:
    for node in program.own_nodes(function):
        if not isinstance(node, ast.Call):
            continue
        q = program.qualified(node.func, function) or ""
        module, _, last = q.rpartition(".")
        if module not in _MODULES and module not in ("jax.random", "numpy.random"):
            continue
        for size in _sizes(node, last, module):
            if any(isinstance(n, ast.Name) and n.id in params for n in ast.walk(size)):
                return True
    return False


def _single_value(program: Program, scope: Scope, name: str) -> ast.expr | None:
    """The value a name bound once is given: `n = ...`, or its element of
    `m1, m2 = float(theta[0]), float(theta[1])`."""
    bind = program.single(scope, name)
    if bind is None or bind.kind != "assign":
        return None
    if bind.value is not None:
        return bind.value
    return _element_value(bind)


def _element_value(bind: Bind) -> ast.expr | None:
    node = bind.node
    if not isinstance(node, ast.Assign) or len(node.targets) != 1:
        return None
    target, value = node.targets[0], node.value
    if not (isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List))
            and len(target.elts) == len(value.elts)):
        return None
    for name, element in zip(target.elts, value.elts):
        if isinstance(name, ast.Name) and name.id == bind.name and \
                not isinstance(element, ast.Starred):
            return element
    return None


def repeated_from(program: Program, site: CallSite, depth: int = 0) -> ast.AST | None:
    """The loop that runs ``site`` again and again: one around it, or around a call of its
    function (up to two callers up)."""
    if site.loops:
        return site.loops[-1]
    function = site.scope.function
    if function is None or depth >= 2:
        return None
    for caller, _ in program.callers(function):
        loop = repeated_from(program, caller, depth + 1)
        if loop is not None:
            return loop
    return None
