"""How many times `jit` unrolls a loop, and where the file shows it: the trip count of a
`range(...)` or the length of a Python sequence, with its evidence.

A count is exact when the source fixes it: int literals and constants, and `+ - * // % **`
of them (`jit_loops.constant_int`); the default of a parameter jit traces (a traced value
cannot be a `range` bound, so every call that traces leaves it out); the length of a
sequence built from such values (a tuple or list literal, `tuple(range(...))`, `zip`,
`enumerate`, slices with constant bounds, a comprehension over one, `jax.random.split(key,
n)`). When it is a Python value the function is given (a static argument, a parameter of a
function jit reaches through a call, an attribute of `self`), the largest constant the
file's calls pass is the evidence (`n = 200` at the call on line 52), following a caller's
own parameter to its callers one step further; else the count is unknown and named (`n`).
When it is an array's size (`x.shape[0]`, `len(x)` of an array, a name unpacked from
`x.shape`), it is fixed when jax traces and unknown here: named by what it reads. `x.ndim`
and `len(x.shape)` count axes (a handful, on purpose): no count at all.

Part of the model (ground layer), read by `jit_loops.py` and `jit_iterations.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping

import libcst as cst

from scanlint.semantic.call_sites import call_line, passed_arguments
from scanlint.semantic.instances import self_class
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import (Binding, Scope, StubBinding, bound_value, lookup,
                                      qualified_name)
from scanlint.semantic.traced_arrays import Arrays, attribute_values

INT_OPERATORS = {
    cst.Add: lambda a, b: a + b, cst.Subtract: lambda a, b: a - b,
    cst.Multiply: lambda a, b: a * b, cst.FloorDivide: lambda a, b: a // b,
    cst.Modulo: lambda a, b: a % b,
    cst.Power: lambda a, b: a ** b if 0 <= b <= 64 and abs(a) <= 2**16 else None,
}
# How sure a count is, weakest last: what the source fixes, a parameter's default, the
# largest value the file's calls pass, a Python value the file does not show, an array's
# size.
EXACT, DEFAULT, CALL, STATIC, SHAPE = "exact", "default", "call", "static", "shape"
_RANK = {EXACT: 0, DEFAULT: 1, CALL: 2, STATIC: 3, SHAPE: 4}
_DEPTH = 12
MAX_CALLER_LEVELS = 2


@dataclass(frozen=True)
class Count:
    """An int the loop's count is made of: its value (None: unknown here), how sure it is,
    and what the message says about it (`n = 200` at the call on line 52, `x.shape[0]`)."""

    value: int | None
    kind: str = EXACT
    evidence: str = ""

    def weaker(self, other: "Count") -> "Count":
        return self if _RANK[self.kind] >= _RANK[other.kind] else other


@dataclass(frozen=True)
class Trips:
    """A loop's trip count: ``count`` (None: fixed only when jax traces), how sure it is
    (`EXACT` ... `SHAPE`), what the message says of it, and a range's start, stop, step."""

    count: int | None
    kind: str
    evidence: str = ""
    bounds: tuple[int, int, int] | None = None


class Counter:
    """Trip counts of the loops of one function under jit."""

    def __init__(self, model: FileModel, jitted: Scope, static: frozenset[str],
                 all_static: bool, bound_first: bool, level: int = 0,
                 shallow: bool = False) -> None:
        self.model = model
        self.jitted = jitted
        self.static = static
        self.all_static = all_static
        self.bound_first = bound_first
        self.level = level  # callers followed to get here (a caller's parameter: one more)
        # Shallow: only what the function's own code and constants show (no calls read, no
        # list checked for changes): never asks about code outside the parsed statements.
        self.shallow = shallow
        # NumPy arrays too (sizes); a parameter's calls are read for its value, not for
        # whether it is an array.
        self.arrays = Arrays(model, jitted, static, all_static, callers=False)
        self.traced = Arrays(model, jitted, static, all_static, numpy=False)

    # -- range(...) ---------------------------------------------------------------------------
    def range_trips(self, args: tuple[cst.BaseExpression, ...], scope: Scope) -> Trips | None:
        counts = [self.value(arg, scope) for arg in args]
        if None in counts:
            return None
        known = [c.value for c in counts]  # type: ignore[union-attr]
        weakest = counts[0]
        for count in counts[1:]:
            weakest = weakest.weaker(count)  # type: ignore[union-attr]
        assert weakest is not None
        evidence = weakest.evidence
        if None in known:
            if len(known) == 3 and known[2] is None:
                return None  # an unknown step: the count cannot be named
            unknown = next(c for c in counts if c is not None and c.value is None)
            return Trips(None, unknown.kind, _difference(args, known[0]))
        full = [0, *known, 1] if len(known) == 1 else [*known, 1][:3]
        if full[2] == 0:
            return None
        bounds = (full[0], full[1], full[2])
        return Trips(len(range(*bounds)), weakest.kind, evidence, bounds)  # type: ignore[arg-type]

    def shallow_copy(self) -> "Counter":
        found = self.__dict__.get("_shallow")
        if found is None:
            found = self.__dict__["_shallow"] = Counter(
                self.model, self.jitted, self.static, self.all_static, self.bound_first,
                self.level, shallow=True)
        return found

    def value(self, expr: cst.BaseExpression, scope: Scope, depth: int = 0) -> Count | None:
        """An int expression: known, unknown but counted (a static value, a shape), or None
        when it counts no trips this module can name (`x.ndim`, a traced value)."""
        if depth > _DEPTH:
            return None
        if isinstance(expr, cst.Integer):
            return Count(int(expr.evaluated_value))
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator,
                                                               (cst.Minus, cst.Plus)):
            inner = self.value(expr.expression, scope, depth + 1)
            if inner is None or inner.value is None or isinstance(expr.operator, cst.Plus):
                return inner
            return replace(inner, value=-inner.value)
        if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in INT_OPERATORS:
            return self._binary(expr, scope, depth)
        if isinstance(expr, cst.Name):
            return self._name(expr, scope, depth)
        if isinstance(expr, cst.Attribute):
            return self._attribute(expr, scope, depth)
        if isinstance(expr, cst.Subscript):
            return self._shape_item(expr, scope)
        if isinstance(expr, cst.Call):
            return self._call(expr, scope, depth)
        return None

    def _binary(self, expr: cst.BinaryOperation, scope: Scope, depth: int) -> Count | None:
        left = self.value(expr.left, scope, depth + 1)
        right = self.value(expr.right, scope, depth + 1)
        if left is None or right is None:
            return None
        weakest = left.weaker(right)
        if left.value is None or right.value is None:
            unknown = left if left.value is None else right
            return Count(None, unknown.kind, _code(expr) if unknown.kind == SHAPE else
                         unknown.evidence)
        if right.value == 0 and isinstance(expr.operator, (cst.FloorDivide, cst.Modulo)):
            return None
        value = INT_OPERATORS[type(expr.operator)](left.value, right.value)
        return None if value is None else Count(value, weakest.kind, weakest.evidence)

    def _name(self, expr: cst.Name, scope: Scope, depth: int) -> Count | None:
        owner, bindings = lookup(scope, expr.value)
        if len(bindings) != 1 or isinstance(bindings[0], StubBinding):
            return None
        binding = bindings[0]
        if binding.kind in ("assign", "annassign"):
            value = bound_value(binding)
            if value is not None:
                return self.value(value, binding.scope, depth + 1)
            return self._unpacked_shape(binding)
        if binding.kind == "param":
            return self._parameter(binding, depth)
        if binding.kind == "loop":
            return self._loop_value(binding, depth)
        return None

    def _loop_value(self, binding: Binding, depth: int) -> Count | None:
        """The largest value a `for` loop's variable takes over a tuple or list display of
        constants (`for side in (2, 4, 6)`): what the largest call passes."""
        loop = binding.statement
        if not isinstance(loop, cst.For) or not isinstance(loop.target, cst.Name):
            return None
        values = loop.iter
        if isinstance(values, cst.Name):  # `for side in sizes`, `sizes = (2, 4, 6)`
            _owner, found = lookup(binding.scope, values.value)
            values = bound_value(found[0]) if len(found) == 1 and not isinstance(
                found[0], StubBinding) and found[0].kind == "assign" else None
        if not isinstance(values, (cst.Tuple, cst.List)):
            return None
        counts = [self.value(e.value, binding.scope, depth + 1) for e in values.elements
                  if isinstance(e, cst.Element)]
        if not counts or any(c is None or c.value is None for c in counts):
            return None
        best = max(counts, key=lambda c: c.value)  # type: ignore[arg-type,return-value]
        return Count(best.value, CALL, f"`{binding.name}` = {best.value}, the largest of "
                                       "the values its loop takes")

    def _unpacked_shape(self, binding: Binding) -> Count | None:
        """`n, d = x.shape`: the size of one axis."""
        node = binding.node
        if not (isinstance(node, cst.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0].target, (cst.Tuple, cst.List))
                and isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape"):
            return None
        names = node.targets[0].target.elements
        for axis, element in enumerate(names):
            if isinstance(element.value, cst.Name) and element.value.value == binding.name:
                if isinstance(element, cst.StarredElement):
                    return None
                return Count(None, SHAPE, f"{_code(node.value)}[{axis}]")
        return None

    def _parameter(self, binding: Binding, depth: int) -> Count | None:
        """A parameter: a Python value when jit is told so (static), when the function is
        reached through a call, or when it has a default jit never traces."""
        param = binding.node
        assert isinstance(param, cst.Param)
        function = binding.scope
        jitted_here = function is self.jitted
        if jitted_here and self.bound_first and _first_param(function) is param:
            return None  # `self`
        if self.level >= MAX_CALLER_LEVELS or self.shallow:
            return None
        python = (not jitted_here) or binding.name in self.static or self.all_static
        if not python:
            if param.default is None:
                return None  # traced: no `range` bound
            default = self.value(param.default, function.parent or function, depth + 1)
            return None if default is None or default.value is None else Count(
                default.value, DEFAULT, f"the default `{binding.name}={default.value}`")
        return self._passed(binding, depth)

    def _passed(self, binding: Binding, depth: int) -> Count:
        """The largest constant the file's calls pass for a Python-valued parameter (or its
        default), else unknown."""
        param = binding.node
        assert isinstance(param, cst.Param)
        best: Count | None = None
        if param.default is not None:
            default = self.value(param.default, binding.scope.parent or binding.scope, depth + 1)
            if default is not None and default.value is not None:
                best = Count(default.value, DEFAULT,
                             f"the default `{binding.name}={default.value}`")
        if not binding.scope.outside_slice:
            for passed in passed_arguments(self.model, binding):
                found = self._passed_value(passed.expr, passed.scope, depth)
                if found is None or found.value is None or (
                        best is not None and found.value <= best.value):  # type: ignore
                    continue
                if found.kind != CALL:
                    line = call_line(self.model, passed)
                    where = f" at the call on line {line}" if line else ""
                    found = Count(found.value, CALL, f"`{binding.name} = {found.value}`{where}")
                best = found
        return best if best is not None else Count(None, STATIC, f"`{binding.name}`")

    def _passed_value(self, expr: cst.BaseExpression, scope: Scope, depth: int) -> Count | None:
        """A value a call passes: a constant, or the largest a caller's own parameter takes
        at its callers (`trace_size(100)` calling `step_n(x, num_steps=num_steps)`), one
        caller further at most."""
        if self.level >= MAX_CALLER_LEVELS:
            return None
        caller = Counter(self.model, scope, frozenset(), True, False, self.level + 1)
        return caller.value(expr, scope, depth + 1)

    def _attribute(self, expr: cst.Attribute, scope: Scope, depth: int) -> Count | None:
        """`self.n`: what the class's methods assign it (and their callers pass); another
        object's attribute (`config.n`): a Python value (a `range` bound must be one);
        `x.size`."""
        if expr.attr.value == "size":
            return self._size(expr.value, scope, _code(expr))
        if expr.attr.value in ("ndim", "rank"):
            return None  # the number of axes: a handful, on purpose
        holder = expr.value
        if not isinstance(holder, cst.Name):
            return None
        _owner, bindings = lookup(scope, holder.value)
        if len(bindings) != 1 or bindings[0].kind != "param" or isinstance(bindings[0],
                                                                           StubBinding):
            return None
        class_scope = self_class(bindings[0])
        unknown = Count(None, STATIC, f"`{_code(expr)}`")
        if class_scope is None:
            return unknown
        counts = [self.value(v, where, depth + 1)
                  for v, where in attribute_values(self.model, class_scope, expr.attr.value)]
        known = [c for c in counts if c is not None and c.value is not None]
        if not known:
            return unknown
        best = max(known, key=lambda c: c.value)  # type: ignore[arg-type,return-value]
        return Count(best.value, CALL if best.kind != EXACT else EXACT, best.evidence)

    def _shape_item(self, expr: cst.Subscript, scope: Scope) -> Count | None:
        """`x.shape[0]`: an array's size, fixed when jax traces."""
        value = expr.value
        if isinstance(value, cst.Attribute) and value.attr.value == "shape" and \
                len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            return Count(None, SHAPE, _code(expr))
        return None

    def _call(self, call: cst.Call, scope: Scope, depth: int) -> Count | None:
        func = call.func
        args = [a.value for a in call.args if a.keyword is None and not a.star]
        if isinstance(func, cst.Name) and not lookup(scope, func.value)[1]:
            if func.value == "len" and len(args) == 1:
                return self._length(args[0], scope, depth)
            if func.value == "int" and len(args) == 1:
                return self.value(args[0], scope, depth + 1)
            if func.value in ("min", "max") and len(args) >= 2:
                counts = [self.value(a, scope, depth + 1) for a in args]
                if None in counts:
                    return None
                known = [c.value for c in counts if c.value is not None]  # type: ignore[union-attr]
                if len(known) == len(counts):
                    pick = min if func.value == "min" else max
                    return Count(pick(known), counts[0].kind)  # type: ignore[union-attr]
                if func.value == "min" and known:
                    return Count(min(known), EXACT)  # at most that
                return None
        name = qualified_name(scope, func) or ""
        if name in ("jax.numpy.size", "numpy.size") and len(args) == 1 and len(call.args) == 1:
            return self._size(args[0], scope, _code(call))
        return None

    def _length(self, expr: cst.BaseExpression, scope: Scope, depth: int) -> Count | None:
        """`len(seq)`: a sequence's known length, or an array's leading size."""
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return None  # the number of axes: a handful, on purpose
        known = self.sequence_length(expr, scope, depth + 1)
        if known is not None:
            return known
        if self.arrays.evidence(expr, scope) is not None:
            return Count(None, SHAPE, f"len({_code(expr)})")
        return None

    def _size(self, expr: cst.BaseExpression, scope: Scope, text: str) -> Count | None:
        return Count(None, SHAPE, text) if self.arrays.evidence(expr, scope) is not None else None

    # -- sequences ------------------------------------------------------------------------
    def sequence_length(self, expr: cst.BaseExpression, scope: Scope,
                        depth: int = 0) -> Count | None:
        """The length of a Python sequence (or a NumPy array made from constants) whose
        length the file shows; None otherwise."""
        if depth > _DEPTH:
            return None
        if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
            if any(isinstance(e, cst.StarredElement) for e in expr.elements):
                return None
            return Count(len(expr.elements))
        if isinstance(expr, cst.Dict):
            if any(isinstance(e, cst.StarredDictElement) for e in expr.elements):
                return None
            return Count(len(expr.elements))
        if isinstance(expr, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
            clause = expr.for_in
            if clause.ifs or clause.inner_for_in is not None or clause.asynchronous is not None:
                return None
            return self.sequence_length(clause.iter, scope, depth + 1)
        if isinstance(expr, cst.Name):
            return self._named_sequence(expr, scope, depth)
        if isinstance(expr, cst.Subscript):
            return self._sliced(expr, scope, depth)
        if isinstance(expr, cst.BinaryOperation):
            return self._combined(expr, scope, depth)
        if isinstance(expr, cst.Call):
            return self._made_sequence(expr, scope, depth)
        return None

    def _named_sequence(self, expr: cst.Name, scope: Scope, depth: int) -> Count | None:
        owner, bindings = lookup(scope, expr.value)
        if owner is None or len(bindings) != 1 or bindings[0].kind not in ("assign", "annassign"):
            return None
        value = bound_value(bindings[0])
        if value is None:
            return None
        if not isinstance(value, (cst.Tuple, cst.Call, cst.BinaryOperation, cst.Subscript,
                                  cst.Name, cst.GeneratorExp)) and self._changed(bindings[0]):
            return None  # a list, dict or set changed in place
        return self.sequence_length(value, bindings[0].scope, depth + 1)

    def _changed(self, binding: Binding) -> bool:
        """Whether a read of the name calls a method that changes a container in place."""
        if self.shallow:
            return True  # not asked: taken as changed
        reads = self.model.attribute_reads
        return any(reads.get(id(name)) in MUTATORS for name, _ in self.model.references(binding))

    def _sliced(self, expr: cst.Subscript, scope: Scope, depth: int) -> Count | None:
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Slice):
            return None
        whole = self.sequence_length(expr.value, scope, depth + 1)
        return self.slice_length(whole, expr, scope, depth)

    def slice_length(self, whole: Count | None, expr: cst.Subscript, scope: Scope,
                     depth: int = 0) -> Count | None:
        """The length of ``expr`` (`seq[a:b:c]`) when ``seq`` has ``whole`` items."""
        if whole is None or whole.value is None or len(expr.slice) != 1 or not isinstance(
                expr.slice[0].slice, cst.Slice):
            return None
        part = expr.slice[0].slice
        bounds = []
        for bound in (part.lower, part.upper, part.step):
            if bound is None:
                bounds.append(None)
                continue
            count = self.value(bound, scope, depth + 1)
            if count is None or count.value is None:
                return None
            bounds.append(count.value)
        if bounds[2] == 0:
            return None
        return Count(len(range(whole.value)[slice(*bounds)]), whole.kind, whole.evidence)

    def _combined(self, expr: cst.BinaryOperation, scope: Scope, depth: int) -> Count | None:
        left = self.sequence_length(expr.left, scope, depth + 1)
        if isinstance(expr.operator, cst.Add):
            right = self.sequence_length(expr.right, scope, depth + 1)
            if left is None or right is None or left.value is None or right.value is None:
                return None
            weakest = left.weaker(right)
            return Count(left.value + right.value, weakest.kind, weakest.evidence)
        if isinstance(expr.operator, cst.Multiply) and left is not None and left.value is not None:
            times = self.value(expr.right, scope, depth + 1)
            if times is not None and times.value is not None:
                weakest = left.weaker(times)
                return Count(left.value * max(times.value, 0), weakest.kind, weakest.evidence)
        return None

    def _made_sequence(self, call: cst.Call, scope: Scope, depth: int) -> Count | None:
        func = call.func
        args = [a.value for a in call.args if a.keyword is None and not a.star]
        if any(a.star for a in call.args):
            return None
        if isinstance(func, cst.Name) and not lookup(scope, func.value)[1]:
            if func.value == "range":
                trips = self.range_trips(tuple(args), scope) if 1 <= len(args) <= 3 else None
                return None if trips is None else Count(trips.count, trips.kind, trips.evidence)
            if func.value in ("tuple", "list", "enumerate", "reversed", "sorted", "set") \
                    and len(args) == 1:
                return self.sequence_length(args[0], scope, depth + 1)
            if func.value == "zip" and args:
                lengths = [self.sequence_length(a, scope, depth + 1) for a in args]
                if None in lengths or any(c.value is None for c in lengths):  # type: ignore
                    return None
                shortest = min(lengths, key=lambda c: c.value)  # type: ignore
                return shortest
            return None
        if isinstance(func, cst.Attribute) and func.attr.value in ("items", "keys", "values") \
                and not args:
            return self.sequence_length(func.value, scope, depth + 1)
        name = qualified_name(scope, func) or ""
        module, _, last = name.rpartition(".")
        if name == "jax.random.split" and len(args) == 2:
            return self.value(args[1], scope, depth + 1)
        if module in ("numpy", "jax.numpy") and last == "arange" and 1 <= len(args) <= 3:
            return self._made_sequence(call.with_changes(func=cst.Name("range")), scope, depth)
        if module in ("numpy", "jax.numpy") and last == "linspace":
            num = args[2] if len(args) > 2 else next(
                (a.value for a in call.args if a.keyword and a.keyword.value == "num"), None)
            return Count(50) if num is None else self.value(num, scope, depth + 1)
        return None


def range_args(expr: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, ...] | None:
    """The arguments of a call to the builtin `range` (one to three, positional)."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)
            and expr.func.value == "range" and 1 <= len(expr.args) <= 3):
        return None
    if lookup(scope, "range")[1] or any(a.keyword is not None or a.star for a in expr.args):
        return None
    return tuple(a.value for a in expr.args)


def constant_int(expr: cst.BaseExpression, scope: Scope, depth: int = 0,
                 defaults: Mapping[int, cst.BaseExpression] = MappingProxyType({}),
                 ) -> int | None:
    """The value of an int expression made of literals, names bound once to such
    expressions (module-level or local constants; parameters whose default ``defaults``
    gives), and `+ - * // % **`; else None."""
    if depth > 20:
        return None
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        value = constant_int(expr.expression, scope, depth + 1, defaults)
        if value is None:
            return None
        return -value if isinstance(expr.operator, cst.Minus) else value
    if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in INT_OPERATORS:
        left = constant_int(expr.left, scope, depth + 1, defaults)
        right = constant_int(expr.right, scope, depth + 1, defaults)
        if left is None or right is None or (right == 0 and isinstance(
                expr.operator, (cst.FloorDivide, cst.Modulo))):
            return None
        return INT_OPERATORS[type(expr.operator)](left, right)
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        if len(bindings) != 1:
            return None
        binding = bindings[0]
        if binding.kind in ("assign", "annassign"):
            value = bound_value(binding)
            if value is not None:
                return constant_int(value, binding.scope, depth + 1, defaults)
        elif binding.kind == "param" and id(binding.node) in defaults:
            return constant_int(defaults[id(binding.node)], binding.scope.parent or binding.scope,
                                depth + 1)
    return None


MUTATORS = frozenset({"append", "extend", "insert", "pop", "remove", "update", "setdefault",
                      "add", "discard", "clear", "popitem", "__setitem__"})


def _difference(args: tuple[cst.BaseExpression, ...], start: int | None) -> str:
    """`stop - start` of a range, as the message names an unknown count:
    `range(1, t.shape[0] - 1)` is `t.shape[0] - 2`."""
    stop = args[0] if len(args) == 1 else args[1]
    if len(args) == 1 or start == 0:
        return _code(stop)
    if start is None:
        return f"{_code(stop)} - {_code(args[0])}"
    offset = -start
    if isinstance(stop, cst.BinaryOperation) and isinstance(stop.right, cst.Integer) and \
            isinstance(stop.operator, (cst.Add, cst.Subtract)) and not stop.lpar:
        sign = 1 if isinstance(stop.operator, cst.Add) else -1
        offset += sign * int(stop.right.evaluated_value)
        stop = stop.left
    text = _code(stop)
    return text if offset == 0 else f"{text} {'+' if offset > 0 else '-'} {abs(offset)}"


def _first_param(scope: Scope) -> cst.Param | None:
    function = scope.node
    if not isinstance(function, cst.FunctionDef):
        return None
    positional = [*function.params.posonly_params, *function.params.params]
    return positional[0] if positional else None


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
