"""Python iteration under `jit` that unrolls one step per item (SCN302, SCN303 facts): over
a JAX array (`for row in x`, `sum(x)`, `list(x)`, a comprehension over `x`: one traced slice
per element), and over a Python list of identical layers or parameter sets
(`for layer in self.layers: x = layer(x)`: one copy of the layer per item, where a scan
over their stacked parameters compiles one).

Part of the model (ground layer), on `jit_functions.py` (what runs under jit),
`traced_arrays.py` (what is an array) and `trip_counts.py` (how many items the file shows).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.abstract_eval import Context, value_of
from scanlint.semantic.avals import Aval
from scanlint.semantic.call_sites import node_line, passed_arguments
from scanlint.semantic.instances import self_class
from scanlint.semantic.jit_functions import jitted_functions
from scanlint.semantic.jit_loops import counter_for, jit_loops, jitted_around
from scanlint.semantic.model import FileModel, own_returns
from scanlint.semantic.rolling import reshaping
from scanlint.semantic.scopes import Scope, StubBinding, lookup, qualified_name, target_names
from scanlint.semantic.traced_arrays import attribute_values
from scanlint.semantic.trip_counts import Count, Counter

# Builtins that iterate over their argument, and what to call on an array instead.
ITERATING_BUILTINS = {
    "sum": "jnp.sum({x}, axis=0)", "max": "jnp.max({x}, axis=0)",
    "min": "jnp.min({x}, axis=0)", "any": "jnp.any({x}, axis=0)",
    "all": "jnp.all({x}, axis=0)", "sorted": "jnp.sort({x}, axis=0)",
    "list": "the array itself (index it where needed)", "tuple":
    "the array itself (index it where needed)", "set": "jnp.unique({x})",
    "enumerate": "jax.lax.scan over it", "zip": "jax.vmap or jax.lax.scan over the arrays",
    "map": "jax.vmap or jax.lax.map", "reversed": "{x}[::-1]", "iter": "jax.lax.scan over it",
}
# Builtins whose result a `for` iterates as it iterates their argument.
PASS_THROUGH = frozenset({"enumerate", "zip", "reversed", "list", "tuple", "sorted", "iter"})
# Calls that hold a list of layers as it is given (`nnx.List([...])`).
LIST_WRAPPERS = frozenset({"list", "tuple", "List", "Sequence", "ModuleList"})


@dataclass(eq=False)
class ArrayIteration:
    """Python iterating over an array, one traced slice per element."""

    node: cst.CSTNode  # the `for` loop, the comprehension, or the builtin's call
    array: cst.BaseExpression  # what is iterated
    how: str  # "for", "comprehension", or the builtin's name
    evidence: str  # why it is an array
    length: int | None  # its leading size, when the file shows it
    statement: cst.CSTNode | None = None


@dataclass(eq=False)
class LayerLoop:
    """A loop applying a Python list of identical layers (or parameter sets) in turn."""

    loop: cst.For
    container: cst.BaseExpression
    made: cst.BaseExpression  # the comprehension that builds the list
    made_line: int | None
    count: Count  # how many layers


def array_iterations(model: FileModel) -> list[ArrayIteration]:
    cached = model.memo.get("array iterations")
    if cached is None:
        cached = model.memo["array iterations"] = _find_array_iterations(model)
    return cached


def layer_loops(model: FileModel) -> list[LayerLoop]:
    cached = model.memo.get("layer loops")
    if cached is None:
        cached = model.memo["layer loops"] = _find_layer_loops(model)
    return cached


# -- iteration over arrays ------------------------------------------------------------------
def _find_array_iterations(model: FileModel) -> list[ArrayIteration]:
    if not jitted_functions(model):
        return []
    found: list[ArrayIteration] = []
    iterated: set[int] = set()  # the iterables of loops and comprehensions: seen there
    for loop, scope in model.for_statements:
        iterated.add(id(loop.iter))
        found += _iterations(model, loop, loop.iter, scope, "for")
    for node, scope in model.comprehensions:
        clause: cst.CompFor | None = node.for_in
        while clause is not None:
            iterated.add(id(clause.iter))
            where = scope.parent if clause is node.for_in else scope
            found += _iterations(model, node, clause.iter, where or scope, "comprehension")
            clause = clause.inner_for_in
    indexes: dict[int, set[int]] = {}  # per jitted function: its `w[tuple(k)]` calls
    for call, scope in model.calls:
        if id(call) in iterated or not isinstance(call.func, cst.Name):
            continue
        name = call.func.value
        jitted = jitted_around(model, scope) if name in ITERATING_BUILTINS else None
        if jitted is None:
            continue
        if name == "tuple":
            if id(jitted.node) not in indexes:
                indexes[id(jitted.node)] = _index_tuples(jitted.node)
            if id(call) in indexes[id(jitted.node)]:
                continue
        if name in ITERATING_BUILTINS and not lookup(scope, name)[1]:
            found += _builtin_iterations(model, call, scope, name)
    return found


def _index_tuples(function: cst.CSTNode) -> set[int]:
    """The `tuple(k)` calls that are a whole subscript, `w[tuple(k)]`: one index per axis
    (NumPy's and JAX's per-axis indexing), a handful of elements; `w[k]` would index the
    first axis only."""
    found: set[int] = set()

    class Subscripts(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
                value = node.slice[0].slice.value
                if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                        and value.func.value == "tuple":
                    found.add(id(value))

    walk.visit(function, Subscripts())
    return found


def _iterations(model: FileModel, node: cst.CSTNode, expr: cst.BaseExpression, scope: Scope,
                how: str) -> list[ArrayIteration]:
    """`for ... in x` (or over `enumerate(x)`, `zip(x, y)`, ...) where x is an array."""
    jitted = jitted_around(model, scope)
    if jitted is None or (isinstance(node, cst.For) and _grows(node)):
        return []  # a loop whose carry changes shape has no rolled form
    return _first_array(model, node, _iterated_parts(expr, scope), scope, jitted, how)


def _first_array(model: FileModel, node: cst.CSTNode, parts: list[cst.BaseExpression],
                 scope: Scope, jitted: Scope, how: str) -> list[ArrayIteration]:
    """The iteration over the first of ``parts`` that is an array, unless one of them is a
    Python sequence written out (`zip(["a", "b", ...], x)`: unpacking into the items the
    author listed, on purpose); its length bounds the steps."""
    if any(_written_out(part, scope) for part in parts):
        return []
    for part in parts:
        found = _array_iteration(model, node, part, scope, jitted, how)
        if found is not None:
            return [found]
    return []


def _written_out(expr: cst.BaseExpression, scope: Scope) -> bool:
    """A list, tuple, set or dict display, or a name bound only to such."""
    displays = (cst.List, cst.Tuple, cst.Set, cst.Dict)
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        return bool(bindings) and all(
            not isinstance(b, StubBinding) and isinstance(b.assigned_value, displays)
            for b in bindings)
    return isinstance(expr, displays)


def _grows(loop: cst.For) -> bool:
    """Whether the body rebinds a name to a reshaped value of itself
    (`poly = jnp.convolve(poly, ...)`, `x = jnp.concatenate([x, y])`)."""
    for small in _small_statements(loop.body):
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                small.targets[0].target, cst.Name) and reshaping(
                small.value, small.targets[0].target.value) is not None:
            return True
    return False


def _iterated_parts(expr: cst.BaseExpression, scope: Scope) -> list[cst.BaseExpression]:
    """What a loop over ``expr`` iterates: its arguments for `enumerate`, `zip`, `list`..."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and \
            expr.func.value in PASS_THROUGH and not lookup(scope, expr.func.value)[1]:
        parts = [a.value for a in expr.args if a.keyword is None]  # `zip(*x)`: x too
        return [p for part in parts for p in _iterated_parts(part, scope)]
    return [expr]


def _builtin_iterations(model: FileModel, call: cst.Call, scope: Scope,
                        name: str) -> list[ArrayIteration]:
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args):
        return []
    if name in ("max", "min") and len(positional) != 1:
        return []  # `max(a, b)` compares two values
    parts = positional[1:] if name == "map" else positional[:1] if name != "zip" else positional
    jitted = jitted_around(model, scope)
    if jitted is None:
        return []
    return _first_array(model, call, [a.value for a in parts], scope, jitted, name)


def _array_iteration(model: FileModel, node: cst.CSTNode, expr: cst.BaseExpression,
                     scope: Scope, jitted: Scope, how: str) -> ArrayIteration | None:
    info = jitted_functions(model)[id(jitted.node)]
    counter = counter_for(model, jitted, info)
    evidence = counter.traced.evidence(expr, scope)
    if evidence is None:
        return None
    return ArrayIteration(node, expr, how, evidence,
                          _leading_size(model, counter.shallow_copy(), expr, scope))


def _leading_size(model: FileModel, counter: Counter, expr: cst.BaseExpression,
                  scope: Scope) -> int | None:
    """The array's leading size, when the file shows it (`jax.random.split(key, 3)`,
    `jnp.zeros((3, 4))`, `jnp.arange(5)`)."""
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        value = bindings[0].assigned_value if len(bindings) == 1 and bindings[0].kind in (
            "assign", "annassign") and not isinstance(bindings[0], StubBinding) else None
        if value is not None:
            return _leading_size(model, counter, value, bindings[0].scope)
    length = counter.sequence_length(expr, scope)
    if length is not None and length.value is not None:
        return length.value
    if isinstance(expr, cst.Call) and expr.args and not expr.args[0].star:
        last = (qualified_name(scope, expr.func) or "").rsplit(".", 1)[-1]
        first = expr.args[0].value
        size = None
        if last in ("zeros", "ones", "empty", "full"):  # the shape's first axis
            axis = first.elements[0].value if isinstance(first, (cst.Tuple, cst.List)) and \
                first.elements else first
            size = counter.value(axis, scope)
        elif last in ("stack", "array", "asarray") and isinstance(first, cst.List):
            size = counter.sequence_length(first, scope)  # one row per item
        if size is not None and size.value is not None:
            return size.value
    try:
        value = value_of(expr, Context(model, scope, {}, set()))
    except RecursionError:
        return None
    if isinstance(value, Aval) and value.shape:
        first = value.shape[0]
        return first if isinstance(first, int) else None
    return None


# -- loops over identical layers ------------------------------------------------------------
def _find_layer_loops(model: FileModel) -> list[LayerLoop]:
    jitted = jitted_functions(model)
    if not jitted:
        return []
    counted = {id(jl.loop) for jl in jit_loops(model)}  # SCN301's: a counted sequence
    arrays = {id(i.node) for i in array_iterations(model)}
    found: list[LayerLoop] = []
    for loop, scope in model.for_statements:
        if id(loop) in counted or id(loop) in arrays or loop.asynchronous is not None:
            continue
        outer = jitted_around(model, scope)
        if outer is None:
            continue
        container = _container(loop.iter, scope)
        if container is None or not _applies_in_turn(loop):
            continue
        counter = counter_for(model, outer, jitted[id(outer.node)])
        made = _made_list(model, container, scope, counter, 0)
        if made is not None:
            found.append(LayerLoop(loop, container, made[0], made[1], made[2]))
    return found


def _container(expr: cst.BaseExpression, scope: Scope) -> cst.BaseExpression | None:
    """The list a loop runs over: `layers`, `self.layers`, `params[:-1]`, `enumerate(...)`."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == \
            "enumerate" and not lookup(scope, "enumerate")[1] and len(expr.args) == 1:
        expr = expr.args[0].value
    base = expr
    if isinstance(base, cst.Subscript) and len(base.slice) == 1 and isinstance(
            base.slice[0].slice, cst.Slice):
        base = base.value
    if isinstance(base, cst.Name) or (isinstance(base, cst.Attribute) and isinstance(
            base.value, cst.Name)):
        return expr
    return None


def _applies_in_turn(loop: cst.For) -> bool:
    """The body reads the loop's target and carries a value from one item to the next: a
    name read before the body assigns it (`x = layer(x)`, `h = f(w @ h + b)`)."""
    targets = target_names(loop.target)
    assigned: set[str] = set()
    read_early: set[str] = set()
    reads_target = False
    for small in _small_statements(loop.body):
        value = getattr(small, "value", None)
        read = _names(value) if value is not None else _names(small)
        if isinstance(small, cst.AugAssign):
            read |= target_names(small.target)
        reads_target = reads_target or bool(read & targets)
        read_early |= read - assigned - targets
        assigned |= _assigned(small)
    return reads_target and bool(assigned & read_early)


def _made_list(model: FileModel, expr: cst.BaseExpression, scope: Scope, counter: Counter,
               depth: int) -> tuple[cst.BaseExpression, int | None, Count] | None:
    """(the comprehension, its line, how many layers) when ``expr`` is a list the file
    makes of identical layers."""
    if depth > 3:
        return None
    if isinstance(expr, cst.Subscript):
        inner = _made_list(model, expr.value, scope, counter, depth + 1)
        if inner is None:
            return None
        sliced = counter.slice_length(inner[2], expr, scope)
        return (inner[0], inner[1], sliced or inner[2])
    for value, where in _values(model, expr, scope):
        made = _identical(model, value, where, depth)
        if made is not None:
            return made
    return None


def _values(model: FileModel, expr: cst.BaseExpression, scope: Scope
            ) -> list[tuple[cst.BaseExpression, Scope]]:
    """What the file gives ``expr``: a name's value, a parameter's values at the calls,
    `self.attr`'s assignments (or the values its class's calls give its field)."""
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        if len(bindings) != 1 or isinstance(bindings[0], StubBinding):
            return []
        binding = bindings[0]
        if binding.kind == "param":
            return [(p.expr, p.scope) for p in passed_arguments(model, binding)]
        value = binding.assigned_value if binding.kind in ("assign", "annassign") else None
        return [(value, binding.scope)] if value is not None else []
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
        _owner, bindings = lookup(scope, expr.value.value)
        if len(bindings) != 1 or bindings[0].kind != "param" or isinstance(bindings[0],
                                                                           StubBinding):
            return []
        class_scope = self_class(bindings[0])
        if class_scope is None:
            return []
        return attribute_values(model, class_scope, expr.attr.value) or _field_values(
            model, class_scope, expr.attr.value)
    return []


def _field_values(model: FileModel, class_scope: Scope, field: str
                  ) -> list[tuple[cst.BaseExpression, Scope]]:
    """The values the calls of a dataclass-like class give one of its annotated fields."""
    node = class_scope.node
    if not isinstance(node, cst.ClassDef) or not isinstance(node.body, cst.IndentedBlock):
        return []
    fields = [s.body[0].target.value for s in node.body.body
              if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
              and isinstance(s.body[0], cst.AnnAssign) and isinstance(s.body[0].target, cst.Name)]
    if field not in fields or class_scope.parent is None:
        return []
    bindings = class_scope.parent.bindings.get(node.name.value, [])
    if len(bindings) != 1:
        return []
    position = fields.index(field)
    calls = model.direct_calls()
    found = []
    for name, reader in model.references(bindings[0]):
        call = calls.get(id(name))
        if call is None:
            continue
        positional = [a for a in call.args if a.keyword is None]
        given = next((a.value for a in call.args if a.keyword and a.keyword.value == field),
                     positional[position].value if position < len(positional) else None)
        if given is not None:
            found.append((given, reader))
    return found


def _identical(model: FileModel, value: cst.BaseExpression, scope: Scope, depth: int
               ) -> tuple[cst.BaseExpression, int | None, Count] | None:
    """A comprehension (possibly in `list(...)`, `nnx.List(...)`) whose items are made the
    same way: its variables reach no argument that could shape an item."""
    if isinstance(value, cst.Call) and len(value.args) == 1 and not value.args[0].star and \
            (_last_name(value.func) in LIST_WRAPPERS):
        value = value.args[0].value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        return _returned_list(model, value.func, scope, depth)
    if isinstance(value, cst.Name):
        inner = _values(model, value, scope)
        for each, where in inner:
            found = _identical(model, each, where, depth + 1) if depth < 3 else None
            if found is not None:
                return found
        return None
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply) \
            and isinstance(value.left, cst.List) and len(value.left.elements) == 1 \
            and not isinstance(value.left.elements[0], cst.StarredElement):
        return _repeated(model, value, scope)
    if not isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        return None
    clause = value.for_in
    if clause.inner_for_in is not None or clause.ifs:
        return None
    variables = target_names(clause.target)
    if _shapes_items(value.elt, variables, scope):
        return None
    inner = model.scope_of.get(id(value))
    counter = Counter(model, inner or scope, frozenset(), True, False)
    count = counter.sequence_length(clause.iter, scope) or Count(None, "static", _code(
        clause.iter))
    line = node_line(model, value)
    return value, line, count


def _repeated(model: FileModel, value: cst.BinaryOperation, scope: Scope
              ) -> tuple[cst.BaseExpression, int | None, Count] | None:
    """`[layer] * depth`: one item, repeated."""
    counter = Counter(model, scope, frozenset(), True, False)
    count = counter.value(value.right, scope) or Count(None, "static", _code(value.right))
    line = node_line(model, value)
    return value, line, count


def _returned_list(model: FileModel, func: cst.Name, scope: Scope, depth: int
                   ) -> tuple[cst.BaseExpression, int | None, Count] | None:
    """A call of a function of this file whose `return` gives such a list."""
    _owner, bindings = lookup(scope, func.value)
    if depth >= 3 or len(bindings) != 1 or bindings[0].kind != "def":
        return None
    function = bindings[0].node  # a stub's raises OutsideSlice: the engine parses it
    inner = model.scope_of.get(id(function))
    if not isinstance(function, cst.FunctionDef) or inner is None:
        return None
    returns = [r.value for r in own_returns(function) if r.value is not None]
    if len(returns) != 1:
        return None
    return _identical(model, returns[0], inner, depth + 1)


def _shapes_items(element: cst.BaseExpression, variables: set[str], scope: Scope) -> bool:
    """Whether a comprehension variable may give items different shapes or structure: it
    reaches an argument of a call other than a key (`jax.random.normal(k, ...)`,
    `nnx.Rngs(i)`), a `bool(...)` flag or an elementwise `jax.numpy` function; arithmetic on
    it changes values only."""
    if not variables:
        return False
    for node, path in _paths(element):
        if not (isinstance(node, cst.Name) and node.value in variables):
            continue
        for parent, child in reversed(path):
            if isinstance(parent, cst.Call):
                if child is parent.func:
                    return True  # a variable called: the items may differ in anything
                if _value_argument(parent, child, scope):
                    break
                return True
            if isinstance(parent, (cst.Subscript, cst.SubscriptElement, cst.Index)) and \
                    child is not getattr(parent, "value", None):
                return True  # an index: may select a different part
    return False


def _value_argument(call: cst.Call, arg: cst.CSTNode, scope: Scope) -> bool:
    """Whether ``arg`` of ``call`` gives values, not a shape: a PRNG key, a flag."""
    name = qualified_name(scope, call.func) or ""
    last = name.rsplit(".", 1)[-1]
    args = list(call.args)
    first = bool(args) and args[0] is arg
    if isinstance(call.func, cst.Name) and call.func.value == "bool":
        return True
    if name.startswith("jax.random."):
        return first or last in ("fold_in", "PRNGKey", "key", "split") or (
            isinstance(arg, cst.Arg) and arg.keyword is not None and arg.keyword.value == "key")
    if name in ("flax.nnx.Rngs",):
        return True
    if isinstance(arg, cst.Arg) and arg.keyword is not None and arg.keyword.value in (
            "key", "rng", "rngs", "seed", "name"):
        return True
    from scanlint.semantic.traced_arrays import ELEMENTWISE

    return name.startswith(("jax.numpy.", "numpy.")) and (last in ELEMENTWISE or last in (
        "array", "asarray"))


def _paths(node: cst.CSTNode, path: tuple = ()):
    yield node, path
    for child in walk.children(node):
        yield from _paths(child, path + ((node, child),))


def _last_name(func: cst.BaseExpression) -> str:
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return ""


def _small_statements(body: cst.CSTNode):
    """The small statements of a block in order, nested blocks included, not nested defs."""
    for child in walk.children(body):
        if isinstance(child, cst.BaseSmallStatement):
            yield child
        elif not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda,
                                    cst.BaseExpression)):
            yield from _small_statements(child)


def _assigned(small: cst.CSTNode) -> set[str]:
    if isinstance(small, cst.Assign):
        return {n for t in small.targets for n in target_names(t.target)}
    if isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        return target_names(small.target)
    return set()


def _names(node: cst.CSTNode) -> set[str]:
    found, stack = set(), [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.add(current.value)
        elif isinstance(current, cst.Attribute):
            stack.append(current.value)
            continue
        stack.extend(walk.children(current) if not isinstance(current, cst.Attribute) else ())
    return found


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
