"""The scan-site model: one description of every scan-family call in a file.

Every rule, fix, output and the flake8 plugin read this model; none of them re-walks the tree
for the same facts. The model knows nothing of rules, outputs or the command line.
"""

from __future__ import annotations

import ast

from dataclasses import dataclass, field
from functools import cached_property

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from scanlint.core.diagnostic import LineIndex
from scanlint.prefilter.slicing import OutsideSlice, SlicedSource
from scanlint.prefilter.syntax import LOOP_ALIASES, NNX_SCAN
from scanlint.semantic import walk
from scanlint.semantic.positions import Mismatch, StatementPositions
from scanlint.semantic.scopes import (Binding, OwnCode, Scope, ScopePass, lookup,
                                      module_pass, qualified_name)


@dataclass(frozen=True)
class Signature:
    """The parameters of one scan-family function, as JAX declares them."""

    callee: str
    params: tuple[str, ...]
    bodies: tuple[str, ...]  # parameters that take a callable we analyse
    init: str | None  # the parameter holding the initial carry


SIGNATURES = {
    "jax.lax.scan": Signature(
        "scan",
        ("f", "init", "xs", "length", "reverse", "unroll", "_split_transpose"),
        ("f",),
        "init",
    ),
    "jax.lax.fori_loop": Signature(
        "fori_loop", ("lower", "upper", "body_fun", "init_val", "unroll"), ("body_fun",), "init_val"
    ),
    "jax.lax.while_loop": Signature(
        "while_loop", ("cond_fun", "body_fun", "init_val"), ("cond_fun", "body_fun"), "init_val"
    ),
    "jax.lax.map": Signature("map", ("f", "xs", "batch_size"), ("f",), None),
    # Flax NNX's loops (flax 0.12): `fori_loop` and `while_loop` take lax's arguments (and
    # keyword-only `graph`, `graph_updates`); `scan` is a transform, `nnx.scan(f, *, length,
    # in_axes, out_axes, ...)` or a decorator, whose result is called with the carry and xs
    # (`NnxScan`).
    "flax.nnx.fori_loop": Signature(
        "fori_loop", ("lower", "upper", "body_fun", "init_val"), ("body_fun",), "init_val"),
    "flax.nnx.while_loop": Signature(
        "while_loop", ("cond_fun", "body_fun", "init_val"), ("cond_fun", "body_fun"), "init_val"),
    "flax.nnx.scan": Signature("scan", ("f",), ("f",), "init"),
}

# Other import paths of the same functions (jax's own sources import them from _src): the
# prefilter's, which must take exactly the names the model takes.
ALIASES = LOOP_ALIASES
NNX_CARRY = frozenset({"flax.nnx.Carry", "flax.nnx.transforms.iteration.Carry"})

CALLEE_NAMES = frozenset(sig.callee for sig in SIGNATURES.values())
# Attribute calls the scope pass also records: `jax.jit(f)`, `eqx.filter_jit(f)` (SCN3xx).
JIT_ATTRIBUTES = frozenset({"jit", "filter_jit"})
SCOPE_CALLS = CALLEE_NAMES | JIT_ATTRIBUTES
PARTIAL_NAMES = frozenset({"functools.partial"})


def canonical_callee(qname: str | None) -> str | None:
    if qname is None:
        return None
    qname = ALIASES.get(qname, qname)
    return qname if qname in SIGNATURES else None


@dataclass(eq=False)
class BodyRef:
    """The callable passed as a loop body (or condition) at one site."""

    role: str  # the parameter name: "f", "body_fun" or "cond_fun"
    expr: cst.BaseExpression
    # "inline_lambda" | "lambda_name" | "local_def" | "module_def" | "partial" | "attribute"
    # | "parameter" | "imported" | "ambiguous" | "other"
    kind: str
    bindings: list[Binding] = field(default_factory=list)
    function: cst.FunctionDef | cst.Lambda | None = None
    function_scope: Scope | None = None
    # For functools.partial: the wrapped callable and the bound arguments.
    partial_target: "BodyRef | None" = None
    # For a method of the enclosing class (`self.step`, `Class.step`): its def, its scope and
    # how many leading parameters the attribute binds (`self`, `cls`). Kept apart from
    # ``function``: only rules that ask for methods (SCN2xx, `step_function(methods=True)`)
    # analyse them; the carry-changing fixes never rewrite a method.
    method: cst.FunctionDef | None = None
    method_scope: Scope | None = None
    bound_params: int = 0


# What an `nnx.scan` body's positional parameter receives (`in_axes`): the carry, the same
# value at every step (`None`), or a slice of a scanned array (an int axis).
CARRY, BROADCAST, SCANNED = "carry", "broadcast", "scanned"
LAX_SCAN_AXES = (CARRY, SCANNED)


@dataclass(eq=False)
class ScanSite:
    call: cst.Call
    qualified_name: str
    scope: Scope  # the scope the call is made in
    statement: cst.CSTNode | None
    args: dict[str, cst.BaseExpression]
    args_complete: bool  # False when *args or **kwargs hide some arguments
    bodies: list[BodyRef]
    loops: tuple = ()  # the `for` statements around the call, outermost first
    # For a scan: what each positional parameter of the body receives (CARRY, BROADCAST,
    # SCANNED; None where not known), or None when not known at all; and whether the body
    # returns `(carry, y)` (True), the carry alone (False) or that is not known (None).
    # lax.scan's are fixed; nnx.scan's come from its `in_axes` and `out_axes`.
    scan_axes: tuple | None = LAX_SCAN_AXES
    scan_pair: bool | None = True

    @property
    def callee(self) -> str:
        return SIGNATURES[self.qualified_name].callee

    @property
    def nnx(self) -> bool:
        """A Flax NNX loop: its carry may hold graph nodes (modules, `nnx.Rngs`) whose state
        the loop propagates even when the body returns the same object."""
        return self.qualified_name.startswith("flax.")

    @property
    def scan_carry(self) -> int | None:
        """The position of the carry among a scan body's parameters (None: no carry, or not
        known)."""
        axes = self.scan_axes or ()
        return axes.index(CARRY) if axes.count(CARRY) == 1 else None

    @property
    def signature(self) -> Signature:
        return SIGNATURES[self.qualified_name]

    @property
    def init(self) -> cst.BaseExpression | None:
        name = self.signature.init
        return self.args.get(name) if name else None

    def body(self, role: str | None = None) -> BodyRef | None:
        for ref in self.bodies:
            if role is None or ref.role == role:
                if role is None and ref.role == "cond_fun":
                    continue
                return ref
        return None


class FileModel:
    """Everything scanlint knows about one parsed file."""

    def __init__(self, module: cst.Module, text: str | None = None,
                 tree: ast.Module | None = None, sliced: SlicedSource | None = None,
                 scopes: ScopePass | None = None) -> None:
        """``tree``: Python's `ast` of the same text, when the caller parsed it already.
        ``sliced``: set when ``module`` was parsed from ``sliced.text``, the file's text
        with stubs (`slicing.py`); ``text`` is the file's own text, and ``tree`` is
        ``sliced.tree``. ``scopes``: the scope pass over ``module``, when the caller made it
        (from the parts an edit left, engine/incremental.py); its scopes outlive the model."""
        self.module = module
        self.text = module.code if text is None else text
        self._tree = tree
        self.sliced = sliced
        self._own_scopes = scopes is None
        builder = scopes if scopes is not None else module_pass(
            module, SCOPE_CALLS, self.stub_nodes())
        self.module_scope: Scope = builder.module_scope
        self.scope_of = builder.scope_of
        # Calls by plain name or by a family or jit attribute, and every `for` statement,
        # each with its scope: what the unrolled-loop facts (jit_loops.py) start from.
        self.calls = [(call, scope) for call, scope, _statement, _loops in builder.calls]
        self.for_statements = builder.for_statements
        self.comprehensions = builder.comprehensions
        self.attribute_reads = builder.attribute_reads
        self._applied = builder.applied
        self.sites = [
            site
            for call, scope, statement, loops in builder.calls
            if (site := self._site(call, scope, statement, loops)) is not None
        ] + [site for decorator, function, scope in builder.decorators
             if (site := self._bare_nnx_scan(decorator, function, scope)) is not None]
        self._wrapper = MetadataWrapper(module, unsafe_skip_copy=True)

    def stub_nodes(self) -> frozenset[int]:
        """The ids of the stub statements in the module (none when parsed whole)."""
        return self.sliced.stub_nodes(self.module) if self.sliced is not None else frozenset()

    @cached_property
    def index(self) -> LineIndex:
        """Lines of the file's text (for positions: made when a finding needs one)."""
        return LineIndex(self.text)

    @cached_property
    def positions(self) -> dict:
        """LibCST's PositionProvider: exact for every node, but it renders the whole module."""
        return self._wrapper.resolve(PositionProvider)

    @cached_property
    def _statement_positions(self) -> StatementPositions | None:
        tree, self._tree = self._tree, None  # needed once: let it go
        try:
            return StatementPositions(self.module, self.text, self.index, tree)
        except Mismatch:
            return None

    def range_of(self, node: cst.CSTNode, statement: cst.CSTNode | None = None) -> CodeRange:
        """Where ``node`` is; ``statement`` (the statement holding it) makes it cheaper."""
        cheap = self._statement_positions
        if cheap is not None:
            span = cheap.statement(node)
            if span is None and statement is not None:
                span = cheap.within(self.module, node, statement)
            if span is not None:
                return span  # type: ignore[return-value]
        return self.positions[node]

    # -- sites ------------------------------------------------------------------------
    def _site(self, call: cst.Call, scope: Scope, statement, loops: tuple) -> ScanSite | None:
        qname = canonical_callee(qualified_name(scope, call.func))
        if qname == NNX_SCAN or (qname is None and _partial_of_nnx_scan(call, scope)):
            return NnxScan(self, call, scope, statement, loops).site()
        if qname is None:
            return None
        args, complete = bind_arguments(SIGNATURES[qname], call)
        bodies = [
            self.body_ref(role, args[role], scope)
            for role in SIGNATURES[qname].bodies
            if role in args
        ]
        return ScanSite(call, qname, scope, statement, args, complete, bodies, loops)

    def body_ref(self, role: str, expr: cst.BaseExpression, scope: Scope) -> BodyRef:
        if isinstance(expr, cst.Lambda):
            return BodyRef(role, expr, "inline_lambda", function=expr,
                           function_scope=self.scope_of.get(id(expr)))
        if isinstance(expr, cst.Name):
            return self._named_body(role, expr, scope)
        if isinstance(expr, cst.Call) and qualified_name(scope, expr.func) in PARTIAL_NAMES:
            target = None
            if expr.args and expr.args[0].keyword is None and not expr.args[0].star:
                target = self.body_ref(role, expr.args[0].value, scope)
            return BodyRef(role, expr, "partial", partial_target=target)
        if isinstance(expr, cst.Attribute):
            ref = BodyRef(role, expr, "attribute")
            found = self._method_of(expr, scope)
            if found is not None:
                ref.method, ref.bound_params = found
                ref.method_scope = self.scope_of.get(id(ref.method))
            return ref
        ref = BodyRef(role, expr, "other")
        if isinstance(expr, cst.Call):
            self._made_by_factory(ref, expr, scope)
        return ref

    def _made_by_factory(self, ref: BodyRef, call: cst.Call, scope: Scope) -> None:
        """A body a factory of this file makes (`make_step(w)`, or `step = make_step(w)`):
        an undecorated def bound once whose every `return` gives the same def (or lambda) of
        its own. Kept as a method is (``method``, no bound parameters): the SCN2xx rules read
        it, no fix rewrites it."""
        if not isinstance(call.func, cst.Name):
            return
        owner, bindings = lookup(scope, call.func.value)
        if owner is None or len(bindings) != 1 or bindings[0].kind != "def":
            return
        factory = bindings[0].node
        if not isinstance(factory, cst.FunctionDef) or factory.decorators:
            return
        function = self.returned_function(factory)
        if function is None:
            return
        ref.method, ref.bound_params = function, 0  # type: ignore[assignment]
        ref.method_scope = self.scope_of.get(id(function))

    def returned_function(self, function: cst.CSTNode):
        """The one def or lambda of its own that every `return` of the def ``function``
        gives, or None."""
        inner = self.scope_of.get(id(function))
        if not isinstance(function, cst.FunctionDef) or inner is None:
            return None
        made = {id(f): f for f in (_returned_function(r, inner) for r in own_returns(function))}
        if len(made) != 1 or None in made.values():
            return None
        return made.popitem()[1]

    def returned_def(self, function: cst.CSTNode) -> cst.FunctionDef | None:
        found = self.returned_function(function)
        return found if isinstance(found, cst.FunctionDef) else None

    def decorator_wrapper(self, decorator: cst.BaseExpression,
                          scope: Scope) -> cst.FunctionDef | None:
        """The def a decorator of this file puts in place of the def it decorates: `@timed`
        (a def returning its wrapper def) or `@progress(n)` (a factory returning one)."""
        name = decorator.func if isinstance(decorator, cst.Call) else decorator
        if not isinstance(name, cst.Name):
            return None
        owner, bindings = lookup(scope, name.value)
        if owner is None or len(bindings) != 1 or bindings[0].kind != "def":
            return None
        function: cst.CSTNode | None = bindings[0].node
        if isinstance(decorator, cst.Call):
            function = self.returned_def(function)
        return self.returned_def(function) if function is not None else None

    def _method_of(self, expr: cst.Attribute,
                   scope: Scope) -> tuple[cst.FunctionDef, int] | None:
        """The def that `self.step` (``self`` the first parameter of a method of a class of
        this file) or `Class.step` (``Class`` a class bound once) names, with the number of
        parameters the attribute binds: `self.f` of a plain method binds `self`, a
        `classmethod` binds `cls` either way, a `staticmethod` none. `Class.f` of a plain
        method (an unbound function taking the instance first) and methods with other
        decorators are not resolved."""
        if not isinstance(expr.value, cst.Name):
            return None
        owner, bindings = lookup(scope, expr.value.value)
        if owner is None or len(bindings) != 1:
            return None
        binding = bindings[0]
        through_instance = False
        if binding.kind == "param" and owner.kind == "function" and owner.parent is not None \
                and owner.parent.kind == "class" and isinstance(owner.node, cst.FunctionDef):
            params = owner.node.params
            positional = [*params.posonly_params, *params.params]
            if not positional or positional[0] is not binding.node or any(
                    qualified_decorator(owner.parent, d.decorator) in ("staticmethod",
                                                                       "classmethod")
                    for d in owner.node.decorators):
                return None  # `self` is the first parameter of an instance method
            class_scope = owner.parent
            through_instance = True
        elif binding.kind == "class" and owner.kind in ("module", "function"):
            class_scope = self.scope_of.get(id(binding.node))
            if class_scope is None:
                return None
        else:
            return None
        methods = class_scope.bindings.get(expr.attr.value, [])
        if len(methods) != 1 or methods[0].kind != "def":
            return None
        method = methods[0].node
        assert isinstance(method, cst.FunctionDef)
        kinds = {qualified_decorator(class_scope, d.decorator) for d in method.decorators}
        if not kinds:
            return (method, 1) if through_instance else None
        if kinds == {"staticmethod"}:
            return method, 0
        if kinds == {"classmethod"}:
            return method, 1
        return None

    def _named_body(self, role: str, expr: cst.Name, scope: Scope) -> BodyRef:
        found, bindings = lookup(scope, expr.value)
        if not bindings:
            return BodyRef(role, expr, "other")
        kinds = {_binding_kind(b, self) for b in bindings}
        if len(kinds) != 1:
            return BodyRef(role, expr, "ambiguous", bindings)
        kind = kinds.pop()
        ref = BodyRef(role, expr, kind, list(bindings))
        if kind == "other" and len(bindings) == 1 and bindings[0].kind == "assign" \
                and isinstance(bindings[0].assigned_value, cst.Call):
            self._made_by_factory(ref, bindings[0].assigned_value, bindings[0].scope)
        if len(bindings) == 1:
            function = _callable_of(bindings[0])
            if function is not None:
                ref.function = function
                ref.function_scope = self.scope_of.get(id(function))
        if kind == "partial" and len(bindings) == 1:
            value = bindings[0].assigned_value
            assert isinstance(value, cst.Call)
            if value.args and value.args[0].keyword is None and not value.args[0].star:
                ref.partial_target = self.body_ref(role, value.args[0].value, bindings[0].scope)
        return ref

    def _bare_nnx_scan(self, decorator: cst.BaseExpression, function: cst.FunctionDef,
                       scope: Scope) -> ScanSite | None:
        """`@nnx.scan` (no call) on ``function``: a scan with the default axes."""
        if canonical_callee(qualified_name(scope, decorator)) != NNX_SCAN:
            return None
        return NnxScan(self, decorator, scope, function, ()).site()

    def applied_call(self, call: cst.Call) -> cst.Call | None:
        """The call of ``call``'s result (`nnx.scan(step)(h0, xs)`), if any."""
        return self._applied.get(id(call))

    def close(self) -> None:
        """Break the scope tree's reference cycles (scope <-> binding, parent <-> child), so
        the CST is freed by reference counting as soon as the last diagnostic is made,
        without waiting for (or paying for) a full garbage collection. Scopes the caller
        made (``scopes``) are its own: only the module scope's lists are let go."""
        scopes = list(self.module_scope.walk_parsed()) if self._own_scopes else [
            self.module_scope]
        for scope in scopes:
            scope.bindings.clear()
            scope.loads.clear()
            scope.children = []
            scope.parent = None
        self.sites = []
        self.calls = []
        self._applied = {}
        self.for_statements = []
        self.comprehensions = []
        self.attribute_reads = {}
        self.__dict__.pop("positions", None)
        self.__dict__.pop("_jit_loops", None)
        self.__dict__.pop("_jit_comprehensions", None)
        self.__dict__.pop("_jitted", None)
        self.__dict__.pop("_statement_positions", None)
        self.__dict__.pop("_load_index", None)
        self.__dict__.pop("_direct_calls", None)
        self.__dict__.pop("_memo", None)
        self._tree = None
        walk.forget()  # the children kept for the rules' walks hold the tree too

    # -- queries rules share ----------------------------------------------------------
    def references(self, binding: Binding) -> list[tuple[cst.Name, Scope]]:
        """Every read of ``binding``'s name that resolves to ``binding``'s scope. Raises
        OutsideSlice when code the sliced parse left out may hold one."""
        if self.sliced is not None:
            if binding.scope.outside_slice:
                raise OutsideSlice(defining=[binding.scope.node.name.value])
            if (binding.scope.kind in ("module", "class")
                    and self.sliced.read_in_a_stub(binding.name)):
                raise OutsideSlice(reading=[binding.name])
        found = []
        for name, scope in self._loads_by_name().get(binding.name, ()):
            owner, bindings = lookup(scope, name.value)
            if owner is binding.scope and binding in bindings:
                found.append((name, scope))
        return found

    @property
    def memo(self) -> dict:
        """Answers the ground layer keeps for the rules of one check (values of parameters
        and of helpers' calls), so that several rules asking cost one computation."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self.__dict__["_memo"] = {}
        return memo

    def spells(self, word: str) -> bool:
        """Whether the file's text holds ``word`` (a quick no for a rule, asked for every site
        and helper: searched once)."""
        spelled = self.memo.setdefault("spelled", {})
        found = spelled.get(word)
        if found is None:
            found = spelled[word] = word in self.text
        return found

    def direct_calls(self) -> dict[int, cst.Call]:
        """Calls by a plain name (`f(...)`), by the id of that name: which reads of a
        function's name call it (the scope pass records every plain-name call)."""
        index = self.__dict__.get("_direct_calls")
        if index is None:
            index = {id(call.func): call for call, _scope in self.calls
                     if isinstance(call.func, cst.Name)}
            self.__dict__["_direct_calls"] = index
        return index

    def _loads_by_name(self) -> dict[str, list[tuple[cst.Name, Scope]]]:
        """Every read in the file, by name: built once, so that asking for the references of
        each site's step stays linear in the file."""
        index = self.__dict__.get("_load_index")
        if index is None:
            index = {}
            for scope in self.module_scope.walk_parsed():
                for name in scope.loads:
                    index.setdefault(name.value, []).append((name, scope))
            self.__dict__["_load_index"] = index
        return index


def qualified_decorator(scope: Scope, decorator: cst.BaseExpression) -> str | None:
    """`staticmethod` or `classmethod` when the decorator is that builtin, else its dotted
    name through imports (None when unknown)."""
    if isinstance(decorator, cst.Name) and decorator.value in ("staticmethod", "classmethod") \
            and lookup(scope, decorator.value)[0] is None:
        return decorator.value
    return qualified_name(scope, decorator) or "?"


def bind_arguments(sig: Signature, call: cst.Call) -> tuple[dict[str, cst.BaseExpression], bool]:
    """Map a call's arguments to the signature's parameter names."""
    args: dict[str, cst.BaseExpression] = {}
    complete = True
    position = 0
    for arg in call.args:
        if arg.star:
            complete = False
            continue
        if arg.keyword is not None:
            args[arg.keyword.value] = arg.value
        elif complete and position < len(sig.params):
            args[sig.params[position]] = arg.value
            position += 1
    return args, complete


class _ReturnFinder(OwnCode):
    """Return statements of one function, not of functions nested in it."""

    def __init__(self, root: cst.CSTNode) -> None:
        super().__init__(root)
        self.returns: list[cst.Return] = []

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)


def own_returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The `return` statements of ``function``, not of functions nested in it."""
    finder = _ReturnFinder(function)
    walk.visit(function, finder)
    return finder.returns


def _returned_function(ret: cst.Return, scope: Scope) -> cst.FunctionDef | cst.Lambda | None:
    """The lambda ``ret`` returns, or the def of ``scope`` bound once that it names."""
    if isinstance(ret.value, cst.Lambda):
        return ret.value
    if not isinstance(ret.value, cst.Name):
        return None
    bindings = scope.bindings.get(ret.value.value, [])
    if len(bindings) != 1 or bindings[0].kind != "def":
        return None
    node = bindings[0].node
    return node if isinstance(node, cst.FunctionDef) else None


def _callable_of(binding: Binding) -> cst.FunctionDef | cst.Lambda | None:
    if isinstance(binding.node, cst.FunctionDef):
        return binding.node
    value = binding.assigned_value
    return value if isinstance(value, cst.Lambda) else None


def _binding_kind(binding: Binding, model: FileModel) -> str:
    if binding.kind == "def":
        return "module_def" if binding.scope.kind == "module" else (
            "method" if binding.scope.kind == "class" else "local_def")
    if binding.kind == "param":
        return "parameter"
    if binding.kind == "import":
        return "imported"
    value = binding.assigned_value
    if isinstance(value, cst.Lambda):
        return "lambda_name"
    if isinstance(value, cst.Call) and qualified_name(binding.scope, value.func) in PARTIAL_NAMES:
        return "partial"
    return "other"


def _partial_of_nnx_scan(call: cst.Call, scope: Scope) -> bool:
    """`functools.partial(nnx.scan, in_axes=...)`, as a decorator makes one."""
    return (qualified_name(scope, call.func) in PARTIAL_NAMES and bool(call.args)
            and call.args[0].keyword is None and not call.args[0].star
            and canonical_callee(qualified_name(scope, call.args[0].value)) == NNX_SCAN)


class NnxScan:
    """One `nnx.scan`: a call (`nnx.scan(step, in_axes=...)`), a decorator (`@nnx.scan`,
    `@nnx.scan(...)`, `@partial(nnx.scan, ...)`) on the def it scans, or a name bound to the
    transform (`scan_fn = nnx.scan(step)`). Its body is `f` or the decorated def; its init
    and xs are the arguments of the one visible call of the transformed function, placed by
    `in_axes` (the carry at `nnx.Carry`'s position, xs at the one scanned position)."""

    def __init__(self, model: FileModel, node: cst.BaseExpression, scope: Scope,
                 statement: cst.CSTNode | None, loops: tuple) -> None:
        self.model, self.node, self.scope = model, node, scope
        self.statement, self.loops = statement, loops

    def options(self) -> tuple[list[cst.Arg], bool]:
        """The transform's arguments after `nnx.scan` (a partial's after its target), and
        whether none is hidden by `*` or `**`."""
        node = self.node
        if not isinstance(node, cst.Call):
            return [], True
        args = list(node.args[1:] if _partial_of_nnx_scan(node, self.scope) else node.args)
        return [a for a in args if not a.star], not any(a.star for a in args)

    def site(self) -> ScanSite | None:
        options, complete = self.options()
        keywords = {a.keyword.value: a.value for a in options if a.keyword is not None}
        positional = [a.value for a in options if a.keyword is None]
        body = self._body(positional)
        if body is None:
            return None
        axes = self._axes(keywords.get("in_axes"))
        args = dict(keywords)
        args["f"] = body.expr
        called, caller = self._transformed_call() or (None, self.scope)
        if called is not None and axes is not None:
            values = [a.value for a in called.args if a.keyword is None and not a.star]
            complete = complete and not any(a.star or a.keyword for a in called.args)
            carry = [n for n, axis in enumerate(axes) if axis == CARRY]
            scanned = [n for n, axis in enumerate(axes) if axis == SCANNED]
            if len(values) == len(axes) and len(carry) == 1:
                args["init"] = values[carry[0]]
            if len(values) == len(axes) and len(scanned) == 1:
                args["xs"] = values[scanned[0]]
        else:
            complete = False
        return ScanSite(self.node, NNX_SCAN, caller, self.statement, args,  # type: ignore
                        complete, [body], self.loops, axes,
                        self._pair(keywords.get("out_axes")))

    def _decorated(self) -> cst.FunctionDef | None:
        """The def this transform decorates, when it is the innermost decorator (what it
        scans is then the def itself)."""
        function = self.statement
        if isinstance(function, cst.FunctionDef) and function.decorators \
                and function.decorators[-1].decorator is self.node:
            return function
        return None

    def _body(self, positional: list[cst.BaseExpression]) -> BodyRef | None:
        if positional:
            return self.model.body_ref("f", positional[0], self.scope)
        function = self._decorated()
        if function is None or self.scope.kind not in ("module", "function"):
            return None  # a method's `self` would be one of the scanned arguments
        kind = "module_def" if self.scope.kind == "module" else "local_def"
        bindings = self.scope.bindings.get(function.name.value, [])
        return BodyRef("f", function.name, kind, list(bindings), function,
                       self.model.scope_of.get(id(function)))

    def _axes(self, in_axes: cst.BaseExpression | None) -> tuple | None:
        if in_axes is None:
            return LAX_SCAN_AXES
        if not isinstance(in_axes, cst.Tuple) or not all(
                isinstance(e, cst.Element) for e in in_axes.elements):
            return None
        return tuple(self._axis(e.value) for e in in_axes.elements)

    def _axis(self, axis: cst.BaseExpression) -> str | None:
        if isinstance(axis, cst.Name) and axis.value == "None":
            return BROADCAST
        if isinstance(axis, cst.Integer) or (isinstance(axis, cst.UnaryOperation)
                                             and isinstance(axis.expression, cst.Integer)):
            return SCANNED
        return CARRY if qualified_name(self.scope, axis) in NNX_CARRY else None

    def _pair(self, out_axes: cst.BaseExpression | None) -> bool | None:
        if out_axes is None:
            return True
        if qualified_name(self.scope, out_axes) in NNX_CARRY:
            return False  # the body returns the carry alone
        if isinstance(out_axes, cst.Tuple) and len(out_axes.elements) == 2 and \
                qualified_name(self.scope, out_axes.elements[0].value) in NNX_CARRY:
            return True
        return None

    def _transformed_call(self) -> tuple[cst.Call, Scope] | None:
        """The one call of the scanned function the file shows, with the scope it is made
        in: of the transform's result (`nnx.scan(step)(h0, xs)`), of the decorated def's
        name, or of a name bound once to the transform; None when there is none or more
        than one, or when another decorator may change the arguments (`nnx.vmap`)."""
        if isinstance(self.node, cst.Call):
            applied = self.model.applied_call(self.node)
            if applied is not None:
                return applied, self.scope
        function = self._decorated()
        binding = None
        if function is not None:
            if not all(self._passes_arguments(d.decorator) for d in function.decorators[:-1]):
                return None
            bindings = self.scope.bindings.get(function.name.value, [])
            binding = bindings[0] if len(bindings) == 1 else None
        elif isinstance(self.statement, cst.SimpleStatementLine):
            small = self.statement.body[0] if len(self.statement.body) == 1 else None
            if isinstance(small, cst.Assign) and small.value is self.node \
                    and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                bindings = self.scope.bindings.get(small.targets[0].target.value, [])
                binding = bindings[0] if len(bindings) == 1 else None
        if binding is None:
            return None
        calls = self.model.direct_calls()
        found = [(calls.get(id(name)), scope) for name, scope in self.model.references(binding)]
        return found[0] if len(found) == 1 and found[0][0] is not None else None  # type: ignore

    def _passes_arguments(self, decorator: cst.BaseExpression) -> bool:
        """A decorator above the scan that hands its arguments on as they are."""
        func = decorator.func if isinstance(decorator, cst.Call) else decorator
        return qualified_name(self.scope, func) in ARGUMENTS_KEPT


# Transforms that call the function they wrap with the arguments they get (`nnx.split_rngs`
# splits a `nnx.Rngs` argument's keys in place, leaving the pytree's structure as it was).
ARGUMENTS_KEPT = frozenset({"jax.jit", "flax.nnx.jit", "flax.nnx.split_rngs", "flax.nnx.remat",
                            "jax.checkpoint", "jax.remat"})
