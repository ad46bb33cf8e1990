"""The file as a program, on Python's `ast` (issue 32): its functions, lambdas and classes,
what a name, an attribute or a call resolves to across them, and which calls run inside a
Python loop.

The rules that follow values through the whole file (what is traced, what is made anew at
each call, which key reaches which draw: `tracing.py`, `fresh_callables.py`,
`loop_keys.py`) read this, never LibCST: it sees every statement whatever the selection
(`prefilter/slicing.py`) left out, so those rules need no site predicate and cause no
widening, and it costs one `ast` pass over the file (built once per check, `program_of`).
Their findings carry `ast` positions (`span`), converted to the code points diagnostics use.

Nothing is guessed: a name resolves when its bindings in the scopes Python would search are
all of one kind the program knows (a def, a lambda, a class, an import, an assignment);
a call resolves to a function of the file when its callee does (a name, `self.method`, a
method of an object a name binds to `Class(...)`, `functools.partial(f, ...)`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Iterator

from scanlint.core.diagnostic import LineIndex, Position

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
PARTIALS = frozenset({"functools.partial"})


@dataclass(eq=False, repr=False)
class Bind:
    """One binding of a name in a scope."""

    name: str
    # "param" | "assign" | "augassign" | "def" | "class" | "import" | "loop" | "with"
    # | "other"
    kind: str
    node: ast.AST  # the def, class, lambda parameter's function, or the binding statement
    value: ast.expr | None = None  # what a plain `name = value` assigns
    qualified: str | None = None  # for imports: the dotted name bound
    loops: tuple = ()  # the loops of its own function around the binding, outermost first
    target: ast.expr | None = None  # the whole target it is part of (for unpacking)
    scope: "Scope | None" = None  # the scope it binds the name in

    def __repr__(self) -> str:
        return f"Bind({self.name!r}, {self.kind!r})"


@dataclass(eq=False, repr=False)
class Scope:
    """A module, class, def, lambda or comprehension scope."""

    kind: str  # "module" | "class" | "function" | "comprehension"
    node: ast.AST
    parent: "Scope | None"
    bindings: dict[str, list[Bind]] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    cls: "ClassInfo | None" = None  # a method's class

    def __repr__(self) -> str:
        return f"Scope({self.kind}, {self.name!r})"

    @property
    def function(self) -> "Scope | None":
        """The innermost def or lambda scope this one is (or is inside of)."""
        scope: Scope | None = self
        while scope is not None and scope.kind not in ("function", "module"):
            scope = scope.parent
        return scope if scope is not None and scope.kind == "function" else None

    @property
    def name(self) -> str:
        return getattr(self.node, "name", "<lambda>")

    @property
    def is_lambda(self) -> bool:
        return isinstance(self.node, ast.Lambda)

    @property
    def params(self) -> list[str]:
        """Positional parameters in order, then keyword-only ones."""
        if self.kind != "function":
            return []
        args = self.node.args  # type: ignore[attr-defined]
        return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]

    @property
    def positional(self) -> list[str]:
        if self.kind != "function":
            return []
        args = self.node.args  # type: ignore[attr-defined]
        return [a.arg for a in (*args.posonlyargs, *args.args)]

    def argument(self, call: ast.Call, param: str, bound_self: bool = False) -> ast.expr | None:
        """The expression ``call`` of this function passes for ``param`` (None: not passed,
        or hidden by `*args`/`**kwargs`, which may pass it)."""
        positional = self.positional[1:] if bound_self else self.positional
        for keyword in call.keywords:
            if keyword.arg == param:
                return keyword.value
            if keyword.arg is None:
                return None
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                return None
            if index < len(positional) and positional[index] == param:
                return arg
        return None

    def default(self, param: str) -> ast.expr | None:
        """The default value of ``param``, or None when it has none."""
        args = self.node.args  # type: ignore[attr-defined]
        positional = [*args.posonlyargs, *args.args]
        offset = len(positional) - len(args.defaults)
        for index, arg in enumerate(positional):
            if arg.arg == param and index >= offset:
                return args.defaults[index - offset]
        for arg, value in zip(args.kwonlyargs, args.kw_defaults):
            if arg.arg == param:
                return value
        return None

    @property
    def decorators(self) -> list[ast.expr]:
        return list(getattr(self.node, "decorator_list", ()))

    def within(self, other: "Scope") -> bool:
        scope: Scope | None = self
        while scope is not None:
            if scope is other:
                return True
            scope = scope.parent
        return False


@dataclass(eq=False, repr=False)
class ClassInfo:
    node: ast.ClassDef
    scope: Scope  # the class's own scope (its methods are bound there)
    program: "Program | None" = field(default=None, repr=False)
    # `self.attr = value` in its methods: attr -> [(value, method scope)]
    attributes: dict[str, list[tuple[ast.expr, Scope]]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.node.name

    def __repr__(self) -> str:
        return f"ClassInfo({self.name!r})"

    def method(self, name: str) -> Scope | None:
        found = [b for b in self.scope.bindings.get(name, ()) if b.kind == "def"]
        if len(found) != 1:
            return None
        return self.program.scope_of(found[0].node) if self.program else None

    def defines(self, name: str) -> bool:
        return name in self.scope.bindings


@dataclass(eq=False)
class CallSite:
    """A call, where it is made."""

    node: ast.Call
    scope: Scope  # the scope it is evaluated in
    loops: tuple  # the loops (`for`, `while`, comprehensions) of its function around it
    statement: ast.stmt | None  # the innermost statement holding it
    parent: ast.AST | None  # the node holding it directly


@dataclass(frozen=True)
class Target:
    """What a call runs: a function or lambda of the file, with what binds its first
    parameters (a bound method's object, `partial`'s arguments)."""

    function: Scope
    bound_self: bool = False  # the first parameter is the method's object
    cls: ClassInfo | None = None  # the object's class when ``bound_self``
    partial_args: tuple = ()  # positional arguments `partial` binds (after ``self``)
    partial_keywords: tuple = ()  # (name, expr) pairs `partial` binds


class Program:
    """The functions, classes, bindings and calls of one module's `ast`."""

    def __init__(self, tree: ast.Module, text: str) -> None:
        self.tree = tree
        self.text = text
        self._index: LineIndex | None = None
        self.scopes: dict[int, Scope] = {}  # id(def/lambda/class/comprehension/module) -> scope
        self.classes: dict[int, ClassInfo] = {}  # id(ClassDef) -> info
        self.calls: list[CallSite] = []  # the calls of the statements built so far
        self.call_at: dict[int, CallSite] = {}
        self.parents: dict[int, ast.AST] = {}  # id(call, lambda) -> the node holding it
        self.statement_of: dict[int, ast.stmt] = {}  # id(def/lambda) -> its statement
        self.loop_bodies: dict[int, tuple] = {}  # id(loop) -> (its scope, loops above)
        self.module = Scope("module", tree, None)
        self.scopes[id(tree)] = self.module
        # Top-level defs and classes are built (their scopes, calls and loads) when first
        # asked about: most of a large module is never reached from what a rule follows.
        self._builder = _Builder(self)
        self._pending: dict[int, ast.stmt] = {}
        self._builder.shallow()
        self.complete = not self._pending

    def never(self, test: ast.expr) -> bool:
        """Whether a test is false whenever the module runs: `False`, `0`, or a name the
        module binds once, at its top, to one of those (`JAX_MODE = False`): the code under
        it is not read."""
        if isinstance(test, ast.Constant):
            return not test.value and test.value is not None
        if isinstance(test, ast.Name):
            bindings = self.module.bindings.get(test.id, [])
            return (len(bindings) == 1 and bindings[0].kind == "assign"
                    and isinstance(bindings[0].value, ast.Constant)
                    and bindings[0].value.value in (False, 0) and not isinstance(
                        bindings[0].value.value, str))
        return False

    def ensure(self, statement: ast.AST) -> None:
        """Build a top-level def or class the shallow pass left out."""
        if self._pending.pop(id(statement), None) is not None:
            self._builder.deep(statement)  # type: ignore[arg-type]
            self.complete = not self._pending
            self.__dict__.pop("_callers", None)

    def ensure_all(self) -> None:
        for statement in list(self._pending.values()):
            self.ensure(statement)

    def prepare(self, pattern) -> None:
        """Build the top-level statements on lines where ``pattern`` (a compiled regex)
        matches: a rule looking for calls of some names asks for those first."""
        done = self.__dict__.setdefault("_prepared", set())
        if pattern.pattern in done or not self._pending:
            return
        done.add(pattern.pattern)
        from scanlint.prefilter.text import match_lines

        self.ensure_lines(sorted({line for _, line in match_lines(
            self.text, pattern.finditer(self.text))}))

    def nodes_on(self, lines: set[int]) -> Iterator[ast.AST]:
        """Every node of Python's tree inside the top-level statements spanning any of
        ``lines`` (nothing of the model is built): where a rule that found its candidate
        lines on the text looks."""
        for statement in self.tree.body:
            end = statement.end_lineno or statement.lineno
            if any(statement.lineno <= line <= end for line in lines):
                yield from ast.walk(statement)

    def ensure_lines(self, lines: list[int]) -> None:
        """Build the top-level statements spanning any of ``lines`` (sorted)."""
        if not lines or not self._pending:
            return
        import bisect
        for statement in list(self._pending.values()):
            first = min([statement.lineno, *(d.lineno for d in getattr(
                statement, "decorator_list", ()))])
            at = bisect.bisect_left(lines, first)
            if at < len(lines) and lines[at] <= (statement.end_lineno or statement.lineno):
                self.ensure(statement)

    # -- positions --------------------------------------------------------------------
    def position(self, line: int, byte_column: int) -> Position:
        """A position from `ast`'s line and UTF-8 byte column."""
        if self._index is None:
            self._index = LineIndex(self.text)
        if line > self._index.line_count:
            return Position(line, byte_column)
        text = self._index.line_text(line)
        if text.isascii():
            return Position(line, byte_column)
        return Position(line, len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace")))

    def span(self, node: ast.AST) -> tuple[Position, Position]:
        start = self.position(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.position(node.end_lineno or node.lineno,  # type: ignore[attr-defined]
                            node.end_col_offset or 0)  # type: ignore[attr-defined]
        return start, end

    def source(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node) or ast.unparse(node)

    # -- names ------------------------------------------------------------------------
    def lookup(self, scope: Scope, name: str) -> list[Bind]:
        """The bindings a read of ``name`` in ``scope`` may see (Python's rules: class
        scopes do not enclose functions)."""
        current: Scope | None = scope
        first = True
        while current is not None:
            if current.kind == "class" and not first:
                current = current.parent
                continue
            if name in current.declared_global:
                current = self.module
            found = current.bindings.get(name)
            if found:
                return found
            first = False
            current = current.parent
        return []

    def qualified(self, expr: ast.expr, scope: Scope) -> str | None:
        """The dotted name ``expr`` (a name or an attribute chain) stands for through the
        imports (`jnp.arange` -> "jax.numpy.arange"), or None."""
        parts: list[str] = []
        while isinstance(expr, ast.Attribute):
            parts.append(expr.attr)
            expr = expr.value
        if not isinstance(expr, ast.Name):
            return None
        bindings = self.lookup(scope, expr.id)
        if not bindings or any(b.kind != "import" for b in bindings):
            return None
        heads = {b.qualified for b in bindings}
        if len(heads) != 1 or None in heads:
            return None
        return ".".join([heads.pop(), *reversed(parts)])  # type: ignore[list-item]

    def single(self, scope: Scope, name: str) -> Bind | None:
        bindings = self.lookup(scope, name)
        return bindings[0] if len(bindings) == 1 else None

    def reaching(self, scope: Scope, read: ast.Name) -> Bind | None:
        """The binding of ``read`` in effect where it is read: its only one, or, for a name
        bound by several top-level statements of one function (`sample = jax.jit(sample)`
        after `def sample`), the last one completed before the read."""
        bindings = self.lookup(scope, read.id)
        if len(bindings) == 1:
            return bindings[0]
        owner = bindings[0].scope if bindings else None
        if owner is None or scope.function is not (owner if owner.kind == "function" else None):
            return None
        body = getattr(owner.node, "body", [])
        if any(b.scope is not owner or not (b.kind == "param" and b.node is owner.node or
                                            b.kind in ("def", "assign") and b.node in body)
               for b in bindings):
            return None

        def done(bind: Bind) -> tuple[int, int]:  # where the binding takes effect
            return (0, 0) if bind.kind == "param" else (bind.node.end_lineno or 0,
                                                        bind.node.end_col_offset or 0)

        before = [b for b in bindings if done(b) <= (read.lineno, read.col_offset)]
        return max(before, key=done) if before else None

    def value_of(self, expr: ast.expr, scope: Scope, depth: int = 3) -> ast.expr:
        """``expr`` with names bound once by a plain assignment replaced by their value
        (up to ``depth`` names)."""
        while depth > 0 and isinstance(expr, ast.Name):
            bind = self.single(scope, expr.id)
            if bind is None or bind.kind != "assign" or bind.value is None:
                break
            expr = bind.value
            depth -= 1
        return expr

    def scope_of(self, node: ast.AST) -> Scope | None:
        found = self.scopes.get(id(node))
        if found is None and id(node) in self._pending:
            self.ensure(node)
            found = self.scopes.get(id(node))
        return found

    def class_info(self, node: ast.AST) -> ClassInfo | None:
        if id(node) in self._pending:
            self.ensure(node)
        return self.classes.get(id(node))

    def enclosing_class(self, function: Scope) -> ClassInfo | None:
        """The class ``function`` is a method of."""
        return function.cls

    # -- calls ------------------------------------------------------------------------
    def targets(self, func: ast.expr, scope: Scope, depth: int = 0) -> list[Target]:
        """The functions of the file a call of ``func`` (read in ``scope``) runs."""
        if depth > 4:
            return []
        if isinstance(func, ast.Lambda):
            found = self.scope_of(func)
            return [Target(found)] if found else []
        if isinstance(func, ast.Name):
            bind = self.reaching(scope, func)
            if bind is None:
                return []
            if bind.kind == "def":
                found = self.scope_of(bind.node)
                return [Target(found)] if found else []
            if bind.kind == "class":
                info = self.class_info(bind.node)
                init = info.method("__init__") if info else None
                return [Target(init, True, info)] if init else []
            if bind.kind == "assign" and bind.value is not None:
                value = bind.value
                if isinstance(value, ast.Lambda):
                    return self.targets(value, scope, depth + 1)
                if isinstance(value, ast.Call):
                    if self.qualified(value.func, scope) in PARTIALS:
                        return self._partial(value, scope, depth)
                    cls = self.instance_class(value, scope)
                    if cls is not None:
                        call = cls.method("__call__")
                        return [Target(call, True, cls)] if call else []
                if isinstance(value, (ast.Name, ast.Attribute)):
                    return self.targets(value, self.lookup_scope(scope, func.id) or scope,
                                        depth + 1)
            return []
        if isinstance(func, ast.Attribute):
            # (a parameter's or a factory's object is looked for only when the file defines
            # a method of that name)
            owner = self.object_class(func.value, scope, deep=func.attr in self._def_names())
            if owner is not None:
                cls, bound = owner
                method = cls.method(func.attr)
                if method is None:
                    return self._held_object_call(cls, func.attr, bound) if depth < 3 else []
                kinds = {self.qualified(d, method) or _dotted(d) for d in method.decorators}
                if "staticmethod" in kinds:
                    return [Target(method)]
                if kinds - {"classmethod", "property", None}:
                    return []
                return [Target(method, bound or "classmethod" in kinds, cls)]
            return []
        if isinstance(func, ast.Call) and self.qualified(func.func, scope) in PARTIALS:
            return self._partial(func, scope, depth)
        return []

    def _held_object_call(self, cls: ClassInfo, attr: str, bound: bool) -> list[Target]:
        """`self.block(x)` where the class's methods set `self.block = Block(...)` once:
        `Block.__call__`, bound to that object."""
        assigned = cls.attributes.get(attr, [])
        if not bound or len(assigned) != 1:
            return []
        value, method_scope = assigned[0]
        held = self.instance_class(value, method_scope) if isinstance(value, ast.Call) else \
            self._passed_object_class(value, method_scope)
        call = held.method("__call__") if held is not None else None
        return [Target(call, True, held)] if call is not None else []

    def _passed_object_class(self, value: ast.expr, method: Scope) -> ClassInfo | None:
        """`self.generator = generator`, a parameter of the method: the class of the object
        every call of the method passes for it (`DropoutMLP(Generator(0))`, or a name
        bound to one)."""
        if not isinstance(value, ast.Name) or value.id not in method.params:
            return None
        return self.parameter_class(value.id, method)

    def _returned_class(self, call: ast.Call, scope: Scope) -> ClassInfo | None:
        """The class of the instance every `return` of the file's function ``call`` calls
        gives: `Class(...)`, a name bound to one, or `type(obj)(...)` (a `clone(estimator)`
        making a fresh estimator of the same class)."""
        if isinstance(call.func, ast.Call) and isinstance(call.func.func, ast.Name) and \
                call.func.func.id == "type" and len(call.func.args) == 1 and \
                not self.lookup(scope, "type"):
            owner = self.object_class(call.func.args[0], scope, deep=True)
            return owner[0] if owner is not None and owner[1] else None
        self._callers_known()
        busy = self.__dict__.setdefault("_returned_classes_busy", set())
        targets = self.targets(call.func, scope) if isinstance(call.func, ast.Name) else []
        if len(targets) != 1 or targets[0].cls is not None or id(call) in busy:
            return None
        function = targets[0].function
        busy.add(id(call))
        try:
            classes = {}
            for node in self.own_nodes(function):
                if isinstance(node, ast.Return):
                    owner = self.object_class(node.value, function, deep=True) \
                        if node.value else None
                    if owner is None or not owner[1]:
                        return None
                    classes[id(owner[0])] = owner[0]
            return classes.popitem()[1] if len(classes) == 1 else None
        finally:
            busy.discard(id(call))

    def parameter_class(self, param: str, function: Scope) -> ClassInfo | None:
        """The class of the instance every call of ``function`` in the file passes for
        ``param`` (`inference_loop(key, kernel, ...)` called with `kernel = RMH(...)`)."""
        self._callers_known()
        busy = self.__dict__.setdefault("_parameter_classes_busy", set())
        if self.__dict__.get("_finding_callers") or id(function.node) in busy:
            return None  # (a call's targets being found for callers(), or a recursion)
        busy.add(id(function.node))
        try:
            classes = {}
            for caller, target in self.callers(function):
                passed = function.argument(caller.node, param, target.bound_self)
                where = caller.scope
                if passed is None:  # bound by the `partial` the call runs (`seed=seed`)
                    passed = dict(target.partial_keywords).get(param)
                    where = self._scope_holding(passed) if passed is not None else where
                owner = self.object_class(passed, where, deep=True) \
                    if passed is not None and where is not None else None
                if owner is None or not owner[1]:
                    return None
                classes[id(owner[0])] = owner[0]
            return classes.popitem()[1] if len(classes) == 1 else None
        finally:
            busy.discard(id(function.node))

    def _scope_holding(self, node: ast.AST) -> Scope | None:
        """The innermost def or lambda whose code spans ``node`` (the module otherwise)."""
        line = getattr(node, "lineno", None)
        if line is None:
            return None
        best = self.module
        for scope in self.scopes.values():
            start, end = getattr(scope.node, "lineno", None), getattr(scope.node, "end_lineno",
                                                                      None)
            inside = start is not None and (start < line <= end or isinstance(
                scope.node, ast.Lambda) and start <= line <= end)  # a def's line: its header
            if scope.kind == "function" and inside and \
                    (best is self.module or start >= best.node.lineno):
                best = scope
        return best

    def _partial(self, call: ast.Call, scope: Scope, depth: int) -> list[Target]:
        if not call.args or isinstance(call.args[0], ast.Starred):
            return []
        found = []
        for target in self.targets(call.args[0], scope, depth + 1):
            found.append(Target(target.function, target.bound_self, target.cls,
                                target.partial_args + tuple(call.args[1:]),
                                target.partial_keywords + tuple(
                                    (k.arg, k.value) for k in call.keywords if k.arg)))
        return found

    def decorator_transform(self, decorator: ast.expr, scope: Scope, names: frozenset[str]
                            ) -> tuple[str, tuple[ast.keyword, ...]] | None:
        """Which of ``names`` a decorator (read in ``scope``) applies, and the options given:
        `@X`, `@X(**options)`, `@partial(X, **options)`."""
        if isinstance(decorator, ast.Call):
            q = self.qualified(decorator.func, scope)
            if q in PARTIALS and decorator.args:
                inner = self.qualified(decorator.args[0], scope)
                return (inner, tuple(decorator.keywords)) if inner in names else None
            return (q, tuple(decorator.keywords)) if q in names and not decorator.args else None
        q = self.qualified(decorator, scope)
        return (q, ()) if q in names else None

    def transformed(self, names: frozenset[str]) -> list[tuple[Scope, ast.AST]]:
        """(function, where) for each def one of ``names`` decorates and each function given
        to one (`jax.jit(step)`)."""
        memo = self.__dict__.setdefault("_transformed", {})
        if names in memo:
            return memo[names]
        self.ensure_all()
        found = []
        for scope in list(self.scopes.values()):
            if scope.kind == "function":
                for decorator in scope.decorators:
                    if self.decorator_transform(decorator, scope.parent or self.module, names):
                        found.append((scope, decorator))
        for site in list(self.calls):
            if self.qualified(site.node.func, site.scope) in names and site.node.args:
                for target in self.targets(site.node.args[0], site.scope):
                    found.append((target.function, site.node))
        memo[names] = found
        return found

    def lookup_scope(self, scope: Scope, name: str) -> Scope | None:
        bindings = self.lookup(scope, name)
        return bindings[0].scope if bindings else None

    def object_class(self, expr: ast.expr, scope: Scope,
                     deep: bool = False) -> tuple[ClassInfo, bool] | None:
        """The class of the object ``expr`` is, and whether it is an instance (False: the
        class itself): `self` in a method, a name bound only to `Class(...)`, `Class`. With
        ``deep``, also a parameter every call of its function passes one class's instance
        for, and what a function of the file always returns an instance of (these read
        the file's callers: asked only where a file's method may be the answer)."""
        if isinstance(expr, ast.Call):
            made = self.instance_class(expr, scope) or (
                self._returned_class(expr, scope) if deep else None)
            return (made, True) if made is not None else None
        if not isinstance(expr, ast.Name):
            return None
        function = scope.function
        if function is not None and function.cls is not None and not function.is_lambda:
            positional = function.positional
            if positional and positional[0] == expr.id and scope.function is function:
                kinds = {_dotted(d) for d in function.decorators}
                if "staticmethod" not in kinds:
                    return function.cls, "classmethod" not in kinds
        bindings = self.lookup(scope, expr.id)
        if not bindings:
            return None
        if len(bindings) == 1 and bindings[0].kind == "class":
            info = self.class_info(bindings[0].node)
            return (info, False) if info else None
        # `self` read in a def nested in a method
        if len(bindings) == 1 and bindings[0].kind == "param":
            owner = self.scope_of(bindings[0].node)
            if owner is not None and owner.cls is not None and owner.positional[:1] == [expr.id]:
                return owner.cls, True
            held = self.parameter_class(expr.id, owner) if owner is not None and deep else None
            return (held, True) if held is not None else None
        classes: dict[int, ClassInfo] = {}
        for bind in bindings:
            if bind.kind != "assign" or not isinstance(bind.value, ast.Call):
                return None
            cls = self.instance_class(bind.value, bind.scope or scope)
            if cls is None:
                return None
            classes[id(cls)] = cls
        if len(classes) == 1:
            return classes.popitem()[1], True
        return None

    def instance_class(self, call: ast.Call, scope: Scope) -> ClassInfo | None:
        """The class of the file ``call`` makes an object of (`Class(...)`)."""
        if not isinstance(call.func, ast.Name):
            return None
        bind = self.single(scope, call.func.id)
        if bind is None or bind.kind != "class":
            return None
        return self.class_info(bind.node)

    def call_targets(self, site: CallSite) -> list[Target]:
        return self.targets(site.node.func, site.scope)

    def _def_names(self) -> frozenset[str]:
        """The names the file's `def` statements give (read once, from the text)."""
        names = self.__dict__.get("_def_name_set")
        if names is None:
            names = frozenset(re.findall(r"\bdef[ \t]+(\w+)", self.text))
            self.__dict__["_def_name_set"] = names
        return names

    def _callers_known(self) -> None:
        """Build the callers of every function now, unless they are being built: a class
        found through callers (a parameter's, a returned object's) must not start the
        build from inside one of its own lookups, which would leave calls unresolved."""
        if "_callers" not in self.__dict__ and not self.__dict__.get("_finding_callers"):
            self.callers(self.module)

    def callers(self, function: Scope) -> list[tuple[CallSite, Target]]:
        """The calls of the file that run ``function`` (by name, method, `partial`)."""
        memo = self.__dict__.get("_callers")
        if memo is None:
            self.ensure_all()
            memo = {}
            self.__dict__["_finding_callers"] = True
            unresolved = []
            try:
                for site in self.calls:
                    targets = self.call_targets(site)
                    for target in targets:
                        memo.setdefault(id(target.function), []).append((site, target))
                    if not targets and isinstance(site.node.func, ast.Attribute):
                        unresolved.append(site)
            finally:
                del self.__dict__["_finding_callers"]
            self.__dict__["_callers"] = memo
            # A method called on a parameter or on what a function returns: its class comes
            # from the callers just found (`clone(base).fit(...)`, `kernel.step(...)`).
            for site in unresolved:
                for target in self.call_targets(site):
                    memo.setdefault(id(target.function), []).append((site, target))
        return memo.get(id(function), [])

    def references(self, function: Scope) -> list[tuple[ast.Name, Scope]]:
        """Reads of the name a def binds (in any scope) that resolve to it."""
        self.ensure_all()
        statement = function.node
        found = []
        if not isinstance(statement, _DEFS):
            return found
        for name, scope in self.__dict__.setdefault("_loads", {}).get(statement.name, ()):
            bind = self.single(scope, name.id)
            if bind is not None and bind.node is statement:
                found.append((name, scope))
        return found

    def reads(self, bind: Bind) -> list[tuple[ast.Name, Scope]]:
        """Every read of ``bind``'s name that resolves to it (the statements spelling the
        name are built first)."""
        self.prepare(re.compile(rf"\b{re.escape(bind.name)}\b"))
        found = []
        for name, scope in self.__dict__.get("_loads", {}).get(bind.name, ()):
            reaching = self.reaching(scope, name)
            if reaching is bind or reaching is None and bind in self.lookup(scope, name.id):
                found.append((name, scope))
        return found

    def loops_of(self, site: CallSite) -> tuple:
        return site.loops

    # -- walking one function's own code ----------------------------------------------
    def own_nodes(self, scope: Scope) -> Iterator[ast.AST]:
        """The nodes of ``scope``'s own code: not those of defs, lambdas, classes or
        comprehensions inside it (their headers' defaults and decorators are its own)."""
        node = scope.node
        if isinstance(node, ast.Lambda):
            roots: list[ast.AST] = [node.body]
        elif isinstance(node, (*_DEFS, ast.ClassDef, ast.Module)):
            roots = list(node.body)
        else:
            roots = [node]
        stack = list(reversed(roots))
        while stack:
            current = stack.pop()
            yield current
            if isinstance(current, (*_DEFS, ast.Lambda)):
                args = current.args
                stack.extend(reversed([*args.defaults, *(d for d in args.kw_defaults if d),
                                       *getattr(current, "decorator_list", ())]))
                continue
            if isinstance(current, ast.ClassDef):
                stack.extend(reversed([*current.decorator_list, *current.bases]))
                continue
            if isinstance(current, _COMPREHENSIONS):
                stack.append(current.generators[0].iter)
                continue
            children = [c for c in ast.iter_child_nodes(current)]
            stack.extend(reversed(children))

    def returns(self, scope: Scope) -> list[ast.expr]:
        """The values ``scope``'s own code returns (a lambda: its body)."""
        if isinstance(scope.node, ast.Lambda):
            return [scope.node.body]
        return [n.value for n in self.own_nodes(scope)
                if isinstance(n, ast.Return) and n.value is not None]


def own_nodes_of(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``node`` outside the defs, lambdas and classes nested in it (their
    own names): Python's tree only, for a rule that has not built the model."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        current = stack.pop()
        yield current
        if not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                    ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(current))


def _dotted(expr: ast.expr) -> str | None:
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Name):
        return ".".join([expr.id, *reversed(parts)])
    return None


dotted = _dotted


class _Builder:
    """One recursive pass over the module: scopes, bindings, classes, calls and loops."""

    def __init__(self, program: Program) -> None:
        self.p = program
        self.scope = program.module
        self.loops: list[ast.AST] = []
        self.statement: ast.stmt | None = None
        self.loads: dict[str, list[tuple[ast.Name, Scope]]] = {}
        program.__dict__["_loads"] = self.loads

    def shallow(self) -> None:
        """Every top-level statement but defs and classes, whose names only are bound."""
        for statement in self.p.tree.body:
            if isinstance(statement, (*_DEFS, ast.ClassDef)):
                self.statement = statement
                self.bind(statement.name, "class" if isinstance(statement, ast.ClassDef)
                          else "def", statement)
                self.p._pending[id(statement)] = statement
                self.statement = None
            else:
                self.stmt(statement)

    def deep(self, statement: ast.stmt) -> None:
        self.scope, self.loops, self._skip_bind = self.p.module, [], statement
        self.stmt(statement)
        self._skip_bind = None

    _skip_bind: ast.stmt | None = None

    # -- bindings ---------------------------------------------------------------------
    def bind(self, name: str, kind: str, node: ast.AST, value: ast.expr | None = None,
             qualified: str | None = None, target: ast.expr | None = None,
             scope: Scope | None = None) -> None:
        scope = scope or self.scope
        if name in scope.declared_global:
            scope = self.p.module
        bind = Bind(name, kind, node, value, qualified, tuple(self.loops), target, scope)
        scope.bindings.setdefault(name, []).append(bind)

    def bind_target(self, target: ast.expr, kind: str, node: ast.AST,
                    value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, kind, node, value, target=target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self.bind_target(element.value if isinstance(element, ast.Starred) else element,
                                 kind, node, None)
            self.whole_targets(target, node)
        else:
            self.expr(target)
            if kind == "assign" and isinstance(target, ast.Attribute) and isinstance(
                    target.value, ast.Name) and value is not None:
                function = self.scope.function
                if function is not None and function.cls is not None and \
                        function.positional[:1] == [target.value.id]:
                    function.cls.attributes.setdefault(target.attr, []).append(
                        (value, self.scope))

    def whole_targets(self, target: ast.expr, node: ast.AST) -> None:
        for element in target.elts:  # type: ignore[attr-defined]
            inner = element.value if isinstance(element, ast.Starred) else element
            if isinstance(inner, ast.Name):
                for bind in self.scope.bindings.get(inner.id, [])[-1:]:
                    bind.target = target

    # -- statements -------------------------------------------------------------------
    def stmt(self, node: ast.stmt) -> None:
        outer = self.statement
        self.statement = node
        try:
            self._stmt(node)
        finally:
            self.statement = outer

    def _stmt(self, node: ast.stmt) -> None:
        if isinstance(node, _DEFS):
            for decorator in node.decorator_list:
                self.expr(decorator)
            self.defaults(node.args)
            if node.returns is not None:
                self.expr(node.returns)
            if node is not self._skip_bind:
                self.bind(node.name, "def", node)
            self.function(node)
        elif isinstance(node, ast.ClassDef):
            for part in [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]:
                self.expr(part)
            if node is not self._skip_bind:
                self.bind(node.name, "class", node)
            scope = Scope("class", node, self.scope)
            self.p.scopes[id(node)] = scope
            info = ClassInfo(node, scope, self.p)
            self.p.classes[id(node)] = info
            outer, loops = self.scope, self.loops
            self.scope, self.loops = scope, []
            for statement in node.body:
                self.stmt(statement)
            self.scope, self.loops = outer, loops
        elif isinstance(node, ast.Assign):
            self.expr(node.value)
            for target in node.targets:
                self.bind_target(target, "assign", node, node.value)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.expr(node.value)
            self.expr(node.annotation)
            if node.value is not None or self.scope.kind != "class":
                self.bind_target(node.target, "assign" if node.value is not None else "other",
                                 node, node.value)
            else:
                self.bind_target(node.target, "other", node, None)
        elif isinstance(node, ast.AugAssign):
            self.expr(node.value)
            self.expr(node.target)
            if isinstance(node.target, ast.Name):
                self.bind(node.target.id, "augassign", node, node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self.expr(node.iter)
            self.loops.append(node)
            self.p.loop_bodies[id(node)] = (self.scope, tuple(self.loops[:-1]))
            self.bind_target(node.target, "loop", node, None)
            for statement in node.body:
                self.stmt(statement)
            self.loops.pop()
            for statement in node.orelse:
                self.stmt(statement)
        elif isinstance(node, ast.While):
            self.loops.append(node)
            self.p.loop_bodies[id(node)] = (self.scope, tuple(self.loops[:-1]))
            self.expr(node.test)
            for statement in node.body:
                self.stmt(statement)
            self.loops.pop()
            for statement in node.orelse:
                self.stmt(statement)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    continue
                if isinstance(node, ast.Import):
                    name = alias.asname or alias.name.split(".")[0]
                    qualified = alias.name if alias.asname else name
                elif node.level == 0 and node.module:
                    name = alias.asname or alias.name
                    qualified = f"{node.module}.{alias.name}"
                else:
                    name, qualified = alias.asname or alias.name, None
                self.bind(name, "import", node, qualified=qualified)
        elif isinstance(node, ast.Global):
            self.scope.declared_global.update(node.names)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr)
                if item.optional_vars is not None:
                    self.bind_target(item.optional_vars, "with", node, None)
            for statement in node.body:
                self.stmt(statement)
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            for statement in node.body:  # type: ignore[attr-defined]
                self.stmt(statement)
            for handler in node.handlers:  # type: ignore[attr-defined]
                if handler.type is not None:
                    self.expr(handler.type)
                if handler.name:
                    self.bind(handler.name, "other", handler)
                for statement in handler.body:
                    self.stmt(statement)
            for statement in [*node.orelse, *node.finalbody]:  # type: ignore[attr-defined]
                self.stmt(statement)
        elif isinstance(node, ast.If):
            self.expr(node.test)
            for statement in [*([] if self.p.never(node.test) else node.body), *node.orelse]:
                self.stmt(statement)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    self.stmt(child)
                elif isinstance(child, ast.expr):
                    self.expr(child)
                elif isinstance(child, ast.match_case):
                    for part in ast.walk(child.pattern):
                        if isinstance(part, ast.MatchAs) and part.name:
                            self.bind(part.name, "other", part)
                    if child.guard is not None:
                        self.expr(child.guard)
                    for statement in child.body:
                        self.stmt(statement)

    def defaults(self, args: ast.arguments) -> None:
        for value in [*args.defaults, *(d for d in args.kw_defaults if d)]:
            self.expr(value)

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        scope = Scope("function", node, self.scope)
        if self.scope.kind == "class" and not isinstance(node, ast.Lambda):
            scope.cls = self.p.classes.get(id(self.scope.node))
        self.p.scopes[id(node)] = scope
        if self.statement is not None:
            self.p.statement_of[id(node)] = self.statement
        outer, loops = self.scope, self.loops
        self.scope, self.loops = scope, []
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                    *(a for a in (args.vararg, args.kwarg) if a is not None)]:
            self.bind(arg.arg, "param", node)
        if isinstance(node, ast.Lambda):
            self.expr(node.body)
        else:
            for statement in node.body:
                self.stmt(statement)
        self.scope, self.loops = outer, loops

    # -- expressions ------------------------------------------------------------------
    def expr(self, node: ast.AST) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, ast.Name):
                if isinstance(current.ctx, ast.Load):
                    self.loads.setdefault(current.id, []).append((current, self.scope))
                continue
            if isinstance(current, ast.Lambda):
                self.defaults(current.args)
                self.function(current)
                continue
            if isinstance(current, _COMPREHENSIONS):
                self.comprehension(current)
                continue
            if isinstance(current, ast.NamedExpr):
                self.expr(current.value)
                scope = self.scope
                while scope.kind == "comprehension" and scope.parent is not None:
                    scope = scope.parent
                self.bind(current.target.id, "assign", current, current.value, scope=scope)
                continue
            if isinstance(current, ast.Call):
                site = CallSite(current, self.scope, tuple(self.loops), self.statement, None)
                self.p.calls.append(site)
                self.p.call_at[id(current)] = site
            for child in ast.iter_child_nodes(current):
                if isinstance(child, (ast.Call, ast.Lambda, ast.keyword, ast.Starred)) or (
                        isinstance(child, (ast.Name, ast.Attribute))
                        and isinstance(current, ast.Call)):
                    self.p.parents[id(child)] = current
                stack.append(child)

    def comprehension(self, node: ast.AST) -> None:
        generators = node.generators  # type: ignore[attr-defined]
        self.expr(generators[0].iter)
        scope = Scope("comprehension", node, self.scope)
        self.p.scopes[id(node)] = scope
        outer = self.scope
        self.scope = scope
        self.loops.append(node)
        for index, generator in enumerate(generators):
            if index:
                self.expr(generator.iter)
            self.bind_target(generator.target, "loop", node, None)
            for condition in generator.ifs:
                self.expr(condition)
        if isinstance(node, ast.DictComp):
            self.expr(node.key)
            self.expr(node.value)
        else:
            self.expr(node.elt)  # type: ignore[attr-defined]
        self.loops.pop()
        self.scope = outer


def program_of(tree: ast.Module, text: str, cache: dict | None = None) -> Program:
    """The program of ``tree``, made once per check (kept in ``cache``, the model's memo or
    the rule context's)."""
    if cache is not None:
        found = cache.get("program")
        if found is None or found.tree is not tree:
            found = cache["program"] = Program(tree, text)
        return found
    return Program(tree, text)
