"""What rolling one loop under `jit` into `jax.lax.fori_loop`, `scan` or `lax.map` needs: the
names it carries, the lists it appends to once per step and stacks after it, how it uses its
index (and the Python ints it carries), and the reasons it cannot be rolled as it is.

Part of the model (ground layer), on top of `jit_loops.py`: SCN301 and its fix (`fixes/roll_loop.py`)
read these facts. Everything is read inside the loop's own function, plus the module-level
names it reads (listed in docs/architecture.md). Which of its expressions are Python values while jax
traces it is `trace_time_values.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.jit_loops import JitComprehension, JitLoop, bound_value
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import (Binding, Scope, bound_names, dotted, lookup, qualified_name,
                                      target_names)
from scanlint.semantic.trace_time_values import (PYTHON_BUILTINS, TraceTimeValues, is_scalar,
                                                 literal_kind)

# Stacking a list of per-step values: what `jax.lax.scan` returns in one piece.
STACKERS = frozenset({"jax.numpy.stack", "jax.numpy.array", "jax.numpy.asarray"})
# Calls whose arguments are shapes, sizes, axes or counts: Python ints.
SHAPE_CALLS = frozenset({
    "range", "zeros", "ones", "empty", "full", "arange", "linspace", "logspace", "eye",
    "identity", "tri", "tril", "triu", "reshape", "broadcast_to", "tile", "repeat", "split",
    "array_split", "expand_dims", "squeeze", "transpose", "moveaxis", "swapaxes", "iota",
    "slice", "diagonal", "trace", "resize",
})
# Keyword arguments that take Python values.
STATIC_KEYWORDS = frozenset({
    "shape", "axis", "axes", "length", "num", "size", "dtype", "k", "keepdims", "newshape",
    "num_segments", "unroll", "static_argnums", "static_argnames", "total_repeat_length",
    "num_classes", "precision", "preferred_element_type", "mode", "method",
})


# Methods that change a Python container in place.
MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "remove", "update", "setdefault", "add", "discard",
    "clear", "sort", "reverse", "popitem", "__setitem__",
})
# Calls that give their first argument another shape: a carry cannot do that.
RESHAPING_CALLS = frozenset({
    "concatenate", "append", "hstack", "vstack", "dstack", "column_stack", "stack", "pad",
    "expand_dims", "reshape", "ravel", "flatten", "insert", "tile", "repeat", "broadcast_to",
    "atleast_1d", "atleast_2d", "atleast_3d", "outer", "kron", "delete", "convolve",
    "correlate", "polymul", "polyadd",
})


# -- what rolling a loop needs -------------------------------------------------------------
@dataclass(eq=False)
class StackedList:
    """`ys = []` before the loop, `ys.append(value)` once per step, `jnp.stack(ys)` after."""

    name: str
    init: cst.SimpleStatementLine
    append: cst.SimpleStatementLine
    value: cst.BaseExpression
    # Whether `value` reads a name the body binds again after the append (then the value
    # must be taken where the append is, not at the end of the step).
    read_late: bool = False


@dataclass(eq=False)
class Rolling:
    """What rolling one loop into `fori_loop` or `scan` needs, or why it cannot be."""

    computes_arrays: bool
    carry: list[str] = field(default_factory=list)  # in order of first binding in the body
    stacked: list[StackedList] = field(default_factory=list)
    index_used: bool = False
    blockers: list[str] = field(default_factory=list)

    @property
    def loop_function(self) -> str:
        """What the loop becomes: `fori_loop`, `scan` (per-step values stacked), or `map`
        (per-step values, nothing carried)."""
        if not self.stacked:
            return "fori_loop"
        return "scan" if self.carry else "map"


def rolling(model: FileModel, jl: JitLoop) -> Rolling:
    return _LoopReader(model, jl).read()


def comprehension_computes_arrays(jc: JitComprehension) -> bool:
    """Whether an element the comprehension makes is an array, not a Python value (`[i * 2
    for i in range(n)]` is a list of ints that `jit` never sees)."""
    view = SimpleNamespace(scope=jc.scope, index=None, jitted=jc.jitted, info=jc.info)
    statics = TraceTimeValues(view)  # type: ignore[arg-type]
    return any(statics.kind(element, jc.scope) is None for element in jc.elements)


class _FunctionIndex:
    """One function's nodes in source order, their parents, and the reads of its names."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.order: dict[int, int] = {}
        self.end: dict[int, int] = {}
        self.parent: dict[int, cst.CSTNode] = {}
        self._number(scope.node)
        self.reads: dict[str, list[tuple[cst.Name, Scope]]] = {}
        for inner in scope.walk():
            for name in inner.loads:
                owner, _bindings = lookup(inner, name.value)
                if owner is scope:
                    self.reads.setdefault(name.value, []).append((name, inner))
        self.read_ids = {id(name) for reads in self.reads.values() for name, _ in reads}

    def _number(self, node: cst.CSTNode) -> None:
        self.order[id(node)] = len(self.order)
        for child in walk.children(node):
            self.parent[id(child)] = node
            self._number(child)
        self.end[id(node)] = len(self.order) - 1

    def inside(self, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
        position = self.order.get(id(node), -1)
        return self.order[id(outer)] < position <= self.end[id(outer)]

    def ancestors(self, node: cst.CSTNode):
        current = self.parent.get(id(node))
        while current is not None:
            yield current
            current = self.parent.get(id(current))


class _LoopReader:
    """Reads one loop: its carry, stacked lists, index uses and blockers."""

    def __init__(self, model: FileModel, jl: JitLoop) -> None:
        self.model = model
        self.jl = jl
        self.loop = jl.loop
        self.fn = _FunctionIndex(jl.scope)
        self.statics = TraceTimeValues(jl)
        self.blockers: list[str] = []

    def block(self, reason: str) -> None:
        if reason not in self.blockers:
            self.blockers.append(reason)

    # -- the whole reading --------------------------------------------------------------
    def read(self) -> Rolling:
        body = body_statements(self.loop)
        computes = any(self._computes_array(s) for s in body)
        if not computes:
            return Rolling(False)
        if self.jl.range_args is None:
            self.block("it loops over a Python sequence (make it an array and scan over it)")
        self._structure_blockers()
        bound = self._bound_in_body()
        index = self.jl.index
        if index is None:
            self.block("the loop variable is not a plain name")
        elif index in bound and any(self.fn.inside(load, self.loop.body)
                                    for load, _ in self.fn.reads.get(index, ())):
            self.block(f"the loop variable `{index}` is assigned in the body")
        declared = self.jl.scope.declared_global | self.jl.scope.declared_nonlocal
        shared = sorted(declared & {n for s in body for n in bound_names(s)})
        if shared:
            self.block(f"it assigns `{shared[0]}`, declared `global` or `nonlocal`")
        stacked = self._stacked_lists(bound)
        stacked_names = {s.name for s in stacked}
        self._appends_blockers(stacked_names)
        carry = self._carry(body, bound, stacked_names)
        python_carry = [n for n in carry if self.statics.kind(cst.Name(n)) is not None]
        index_used = self._python_value_uses([index or "", *python_carry])
        self._carry_shape_blockers(carry)
        if index is not None and self._read_after(index):
            self.block(f"the loop variable `{index}` is read after the loop")
        if self.jl.range_args is not None and self.jl.step != 1:
            self.block("the range has a step")
        if not carry and not stacked:
            self.block("nothing the loop computes is read after it")
        elif not carry and not index_used:
            self.block("no step depends on another or on the index")
        return Rolling(True, carry, stacked, index_used, self.blockers)

    # -- what the body computes ----------------------------------------------------------
    def _computes_array(self, statement: cst.CSTNode) -> bool:
        """Whether a statement computes a value that is not a Python value (an array)."""
        for node in _small_statements(statement):
            value = getattr(node, "value", None)
            if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and value is not None:
                if self.statics.kind(value) is None:
                    return True
            elif isinstance(node, cst.Expr) and isinstance(value, cst.Call) and isinstance(
                    value.func, cst.Attribute) and value.func.attr.value in ("append", "extend"):
                if any(self.statics.kind(a.value) is None for a in value.args):
                    return True
        return False

    # -- blockers from the body's structure ------------------------------------------------
    def _structure_blockers(self) -> None:
        if self.loop.orelse is not None:
            self.block("the loop has an `else:`")
        reader = self

        class Structure(cst.CSTVisitor):
            def visit_FunctionDef(self, node) -> bool:
                reader.block("a `def` in the body")
                return False

            def visit_ClassDef(self, node) -> bool:
                reader.block("a `class` in the body")
                return False

            def visit_Lambda(self, node) -> bool:
                return True

            def on_visit(self, node: cst.CSTNode) -> bool:
                word = _BLOCKING_STATEMENTS.get(type(node))
                if word is not None:
                    reader.block(f"`{word}` in the body")
                return super().on_visit(node)

            def visit_If(self, node: cst.If) -> None:
                reader._python_test(node.test, "if")

            def visit_IfExp(self, node: cst.IfExp) -> None:
                reader._python_test(node.test, "if")

            def visit_Assert(self, node: cst.Assert) -> None:
                reader._python_test(node.test, "assert")

            def visit_Call(self, node: cst.Call) -> None:
                if isinstance(node.func, cst.Name) and node.func.value == "print" and not \
                        lookup(reader.jl.scope, "print")[1]:
                    reader.block("`print` in the body (it runs once when a step is traced)")

            def visit_Assign(self, node: cst.Assign) -> None:
                for target in node.targets:
                    reader._mutated_target(target.target)

            def visit_AugAssign(self, node: cst.AugAssign) -> None:
                reader._mutated_target(node.target)

            def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
                reader._mutated_target(node.target)

        walk.visit(self.loop.body, Structure())

    def _python_test(self, test: cst.BaseExpression, word: str) -> None:
        """A Python `if` (or `assert`) on a value the loop computes cannot be traced once."""
        names = self._names_read(test)
        computed = names & (self._bound_in_body() | ({self.jl.index} - {None}))
        if computed:
            self.block(f"a Python `{word}` on `{sorted(computed)[0]}`, computed in the loop")

    def _mutated_target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._mutated_target(element.value)
        elif isinstance(target, (cst.Subscript, cst.Attribute)):
            base = target
            while isinstance(base, (cst.Subscript, cst.Attribute)):
                base = base.value
            what = base.value if isinstance(base, cst.Name) else "an object"
            self.block(f"it assigns into `{what}` (a Python container or object)")

    def _names_read(self, node: cst.CSTNode) -> set[str]:
        return {n.value for n in _walk(node) if isinstance(n, cst.Name)
                and id(n) in self.fn.read_ids}

    # -- names ----------------------------------------------------------------------------
    def _bound_in_body(self) -> set[str]:
        cached = self.__dict__.get("_bound")
        if cached is None:
            cached = {name for name, bindings in self.jl.scope.bindings.items()
                      if any(self._binding_inside(b) for b in bindings)}
            self.__dict__["_bound"] = cached
        return cached

    def _binding_inside(self, binding: Binding) -> bool:
        return self.fn.inside(binding.node, self.loop.body)

    def _read_after(self, name: str) -> bool:
        """Whether a read of ``name`` outside the loop may see what the loop bound: after
        it, anywhere in a loop around it, or in a function defined outside it."""
        enclosing = [a for a in self.fn.ancestors(self.loop) if isinstance(a, (cst.For, cst.While))]
        for load, scope in self.fn.reads.get(name, ()):
            if self.fn.inside(load, self.loop.body) or self.fn.inside(load, self.loop.iter):
                continue
            if scope is not self.jl.scope and scope.kind in ("function", "lambda"):
                return True
            if self._hidden(name, load):
                continue
            if self.fn.order[id(load)] > self.fn.end[id(self.loop)]:
                return True
            if any(self.fn.inside(load, outer) for outer in enclosing):
                return True
        return False

    def _hidden(self, name: str, load: cst.Name) -> bool:
        """Whether a binding after the loop always comes between it and ``load``: a later
        loop over the same name around the read, or an assignment in the loop's own block
        that ends before the read (`i` of two loops in a row, `x` rebound after)."""
        end, at = self.fn.end[id(self.loop)], self.fn.order[id(load)]
        block = self.fn.parent.get(id(self.loop))
        for binding in self.jl.scope.bindings.get(name, []):
            node = binding.node
            if not end < self.fn.order.get(id(node), -1) < at:
                continue
            if binding.kind == "loop" and isinstance(node, cst.For) and self.fn.inside(
                    load, node.body):
                return True
            statement = binding.statement
            if binding.kind in ("assign", "annassign") and statement is not None and \
                    self.fn.parent.get(id(statement)) is block and self.fn.end[id(statement)] < at:
                return True
        return False

    def _bound_before(self, name: str) -> list[Binding]:
        """Bindings of ``name`` in the function that come before the loop."""
        start = self.fn.order[id(self.loop)]
        return [b for b in self.jl.scope.bindings.get(name, [])
                if b.kind == "param" or self.fn.order.get(id(b.node), start) < start]

    def _carry(self, body, bound: set[str], stacked: set[str]) -> list[str]:
        early = _read_before_write(body, bound, self.fn.read_ids)
        carry = []
        for name in self._first_bound_order(bound):
            if name == self.jl.index or name in stacked:
                continue
            if name in early or self._read_after(name):
                if not self._bound_before(name):
                    self.block(f"`{name}` is first bound in the loop")
                carry.append(name)
        return carry

    def _first_bound_order(self, bound: set[str]) -> list[str]:
        def first(name: str) -> int:
            return min(self.fn.order.get(id(b.node), 0) for b in self.jl.scope.bindings[name]
                       if self._binding_inside(b))
        return sorted(bound, key=lambda n: (first(n), n))

    # -- lists appended to and stacked after the loop ----------------------------------
    def _stacked_lists(self, bound: set[str]) -> list[StackedList]:
        found: list[StackedList] = []
        if not isinstance(self.loop.body, cst.IndentedBlock):
            return found
        for line in body_statements(self.loop):
            appended = _append_call(line)
            if appended is None:
                continue
            name, value = appended
            stacked = self._stacked(name, line, value, bound)
            if stacked is not None and name not in {s.name for s in found}:
                found.append(stacked)
        return found

    def _stacked(self, name: str, append: cst.SimpleStatementLine, value: cst.BaseExpression,
                 bound: set[str]) -> StackedList | None:
        bindings = self.jl.scope.bindings.get(name, [])
        if name in bound or len(bindings) != 1 or bindings[0].kind != "assign":
            return None
        init = bindings[0].statement
        value_of = bindings[0].assigned_value
        if not (isinstance(value_of, cst.List) and not value_of.elements
                and isinstance(init, cst.SimpleStatementLine) and len(init.body) == 1
                and self.fn.parent.get(id(init)) is self.fn.parent.get(id(self.loop))
                and self.fn.order[id(init)] < self.fn.order[id(self.loop)]):
            return None
        for load, scope in self.fn.reads.get(name, ()):
            if self.fn.inside(load, append):
                continue
            if self.fn.inside(load, self.loop) or (
                    scope is not self.jl.scope and scope.kind in ("function", "lambda")):
                return None
            if self.fn.order[id(load)] < self.fn.order[id(self.loop)] or not self._stacks(load):
                return None
        if not any(self.fn.order[id(load)] > self.fn.end[id(self.loop)]
                   for load, _ in self.fn.reads.get(name, ())):
            return None
        if isinstance(value, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
            return None  # `jnp.array` of tuples stacks them the other way round
        later = _statements_after(self.loop, append)
        late = bool(self._names_read(value) & {n for s in later for n in bound_names(s)})
        return StackedList(name, init, append, value, late)

    def _stacks(self, load: cst.Name) -> bool:
        """`jnp.stack(ys, ...)`, `jnp.array(ys, ...)`, `jnp.asarray(ys, ...)`."""
        arg = self.fn.parent.get(id(load))
        call = self.fn.parent.get(id(arg)) if isinstance(arg, cst.Arg) else None
        if not (isinstance(call, cst.Call) and arg is call.args[0] and arg.keyword is None
                and not arg.star):
            return False
        scope = next((s for n, s in self.fn.reads[load.value] if n is load), self.jl.scope)
        return qualified_name(scope, call.func) in STACKERS

    def _appends_blockers(self, stacked: set[str]) -> None:
        reader = self

        class Mutations(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                func = node.func
                if (isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS
                        and isinstance(func.value, cst.Name)
                        and func.value.value not in stacked
                        and not reader._is_module(func.value.value)):
                    reader.block(f"it calls `{func.value.value}.{func.attr.value}(...)` on a "
                                 "Python container (not a list stacked after the loop)")

        walk.visit(self.loop.body, Mutations())

    def _is_module(self, name: str) -> bool:
        _owner, bindings = lookup(self.jl.scope, name)
        return bool(bindings) and all(b.kind == "import" for b in bindings)

    # -- the index, and Python values the loop carries -----------------------------------
    def _python_value_uses(self, names: list[str]) -> bool:
        """Checks each read, in the body, of ``names`` (the index, and carried names holding
        Python numbers): rolled, they are traced int32 or float32 values, which Python
        control flow, shapes, Python containers and float arithmetic cannot take. Returns
        whether the body reads the first name (the index)."""
        used = False
        pending, seen = list(names), set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            for load, _scope in self.fn.reads.get(name, ()):
                if not self.fn.inside(load, self.loop.body):
                    continue
                used = used or name == names[0]
                derived = self._python_value_use(load)
                if derived is not None:
                    pending.append(derived)
        return used

    def _python_value_use(self, load: cst.Name) -> str | None:
        """Checks one read; returns the name it is assigned to when that name holds a
        Python value computed from it (its reads are then checked too)."""
        expr: cst.CSTNode = load
        while True:
            parent = self.fn.parent.get(id(expr))
            if isinstance(parent, cst.ComparisonTarget):
                parent = self.fn.parent.get(id(parent))
            if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison)) \
                    and self.statics.kind(parent) is not None:
                expr = parent
                continue
            break
        parent = self.fn.parent.get(id(expr))
        text, name = _code(expr), load.value
        kind = self.statics.kind(expr)  # type: ignore[arg-type]
        if kind == "float":
            self.block(f"Python float arithmetic on `{name}` (`{text}`): double precision "
                       "when unrolled, float32 when traced")
            return None
        if kind != "int":
            self.block(f"`{name}` meets a Python value of unknown type (`{text}`)")
            return None
        derived = self._python_int_context(expr, parent, name)
        if not self.statics.fits_int32(expr):  # type: ignore[arg-type]
            self.block(f"`{text}` does not fit in int32 at every step")
        return derived

    def _python_int_context(self, expr: cst.CSTNode, parent: cst.CSTNode | None,
                            name: str) -> str | None:
        """Blocks a use of an int that needs it as a Python int; returns the name an
        assignment `t = <expr>` binds (whose own reads are then checked)."""
        static = f"`{name}` is needed as a Python int"
        around = self._around(parent)
        if isinstance(parent, cst.Index):
            subscript = around
            if isinstance(subscript, cst.Subscript) and self.statics.python_value(subscript.value):
                self.block(f"{static} to index a Python value (`{_code(subscript)}`)")
        elif isinstance(parent, cst.Slice):
            self.block(f"{static} in a slice (`{_code(around or parent)}`)")
        elif isinstance(parent, cst.Arg):
            self._python_int_argument(parent, static)
        elif isinstance(parent, (cst.If, cst.IfExp, cst.While, cst.Assert)):
            self.block(f"{static} in a Python test (`{_code(expr)}`)")
        elif isinstance(parent, cst.FormattedStringExpression):
            self.block(f"{static} in an f-string")
        elif isinstance(parent, cst.Assign) and len(parent.targets) == 1 and isinstance(
                parent.targets[0].target, cst.Name) and parent.value is expr:
            return parent.targets[0].target.value
        return None

    def _around(self, node: cst.CSTNode | None) -> cst.CSTNode | None:
        """The subscript holding an index or a slice."""
        while node is not None and not isinstance(node, (cst.Subscript, cst.BaseStatement)):
            node = self.fn.parent.get(id(node))
        return node if isinstance(node, cst.Subscript) else None

    def _python_int_argument(self, arg: cst.Arg, static: str) -> None:
        call = self.fn.parent.get(id(arg))
        if not isinstance(call, cst.Call):
            return
        name = dotted(call.func) or ""
        last = name.split(".")[-1]
        qualified = qualified_name(self.jl.scope, call.func) or ""
        where = f"(`{_code(call)}`)"
        if arg.keyword is not None and arg.keyword.value in STATIC_KEYWORDS:
            self.block(f"{static} for `{arg.keyword.value}=` {where}")
        elif isinstance(call.func, cst.Name) and last in PYTHON_BUILTINS and not lookup(
                self.jl.scope, last)[1]:
            self.block(f"{static} by `{last}()` {where}")
        elif last in SHAPE_CALLS:
            self.block(f"{static} for a shape, size or axis {where}")
        elif qualified.startswith(("math.", "numpy.")):
            self.block(f"{static} by `{name}()`, which needs a Python or NumPy value")

    # -- carried values that change shape -------------------------------------------------
    def _carry_shape_blockers(self, carry: list[str]) -> None:
        for name in carry:
            before = self._bound_before(name)
            inits = [bound_value(b) for b in before if b.kind in ("assign", "annassign")]
            updates = [b.node for b in self.jl.scope.bindings.get(name, [])
                       if self._binding_inside(b)]
            for init in inits:
                if isinstance(init, (cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp,
                                     cst.DictComp, cst.SetComp, cst.SimpleString)) or (
                        isinstance(init, cst.Name) and init.value == "None"):
                    self.block(f"`{name}` starts as a Python {literal_kind(init)}")
                elif init is not None and self.statics.kind(init) in ("int", "float"):
                    if not all(self._keeps_scalar(name, u) for u in updates):
                        self.block(f"`{name}` starts as a Python number and may become an "
                                   "array of another shape")
            for update in updates:
                value = getattr(update, "value", None)
                reshaped = reshaping(value, name) if value is not None else None
                if reshaped is not None:
                    self.block(f"`{name}` changes shape from step to step (`{reshaped}`)")

    def _keeps_scalar(self, name: str, update: cst.CSTNode) -> bool:
        value = getattr(update, "value", None)
        return isinstance(update, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and \
            value is not None and is_scalar(value, self.statics, name)


_BLOCKING_STATEMENTS = {
    cst.Break: "break", cst.Continue: "continue", cst.Return: "return", cst.Yield: "yield",
    cst.Await: "await", cst.Raise: "raise", cst.Try: "try", cst.TryStar: "try",
    cst.While: "while", cst.Global: "global", cst.Nonlocal: "nonlocal", cst.Del: "del",
    cst.Import: "import", cst.ImportFrom: "import",
}


def reshaping(value: cst.BaseExpression, name: str) -> str | None:
    """`jnp.concatenate([x, y])`, `x.reshape(...)`, `x[None]`, `x[1:]` for carried `x`."""
    if isinstance(value, cst.Call):
        func = dotted(value.func) or ""
        last = func.split(".")[-1]
        reads = {n.value for n in _walk(value) if isinstance(n, cst.Name)}
        if last in RESHAPING_CALLS and name in reads:
            return f"{func}(...)"
    if isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) \
            and value.value.value == name:
        for element in value.slice:
            part = element.slice
            if isinstance(part, cst.Slice) or (isinstance(part, cst.Index) and isinstance(
                    part.value, cst.Name) and part.value.value == "None"):
                return _code(value)
    return None


# -- small CST helpers ------------------------------------------------------------------
def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(walk.children(current)))  # LibCST's `.children` copies nodes


def body_statements(loop: cst.For) -> list[cst.BaseStatement]:
    """A loop's statements (a one-line body as one statement line)."""
    return _block_statements(loop.body)  # type: ignore[return-value]


def _small_statements(statement: cst.CSTNode):
    """Every small statement in ``statement`` (nested blocks too, not nested defs)."""
    for node in _walk(statement):
        if isinstance(node, cst.BaseSmallStatement):
            yield node


def _append_call(line: cst.CSTNode) -> tuple[str, cst.BaseExpression] | None:
    """`name.append(value)`, alone on its line."""
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
            and isinstance(line.body[0], cst.Expr)):
        return None
    call = line.body[0].value
    if (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "append" and isinstance(call.func.value, cst.Name)
            and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
        return call.func.value.value, call.args[0].value
    return None


def _statements_after(loop: cst.For, statement: cst.CSTNode) -> list[cst.BaseStatement]:
    body = body_statements(loop)
    for n, each in enumerate(body):
        if each is statement:
            return body[n + 1:]
    return []


def _read_before_write(body: list[cst.BaseStatement], bound: set[str],
                       read_ids: set[int]) -> set[str]:
    """Names of ``bound`` that a step may read before it assigns them: the values one step
    hands to the next."""
    early: set[str] = set()

    def reads(node: cst.CSTNode, defined: set[str]) -> None:
        for each in _walk(node):
            if isinstance(each, cst.Name) and id(each) in read_ids and each.value in bound \
                    and each.value not in defined:
                early.add(each.value)

    def block(statements, defined: set[str]) -> set[str]:
        for statement in statements:
            defined = one(statement, defined)
        return defined

    def one(statement: cst.CSTNode, defined: set[str]) -> set[str]:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                reads(small, defined)
                defined = defined | bound_names(small)
            return defined
        if isinstance(statement, cst.If):
            reads(statement.test, defined)
            then = block(_block_statements(statement.body), set(defined))
            other = defined
            if isinstance(statement.orelse, cst.If):
                other = one(statement.orelse, set(defined))
            elif isinstance(statement.orelse, cst.Else):
                other = block(_block_statements(statement.orelse.body), set(defined))
            return then & other
        if isinstance(statement, cst.For):
            reads(statement.iter, defined)
            block(_block_statements(statement.body), defined | target_names(statement.target))
            return defined
        if isinstance(statement, cst.With):
            for item in statement.items:
                reads(item.item, defined)
            defined = defined | _bound_names_of_items(statement)
            return block(_block_statements(statement.body), defined)
        reads(statement, defined)  # anything else: every read may come first
        return defined

    block(body, set())
    return early


def _bound_names_of_items(statement: cst.With) -> set[str]:
    names: set[str] = set()
    for item in statement.items:
        if item.asname is not None:
            names |= target_names(item.asname.name)
    return names


def _block_statements(block: cst.BaseSuite) -> list[cst.CSTNode]:
    if isinstance(block, cst.SimpleStatementSuite):
        return [cst.SimpleStatementLine(block.body)]
    return list(block.body)
