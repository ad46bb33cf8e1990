"""PRNG keys in a loop body that are the same at every step.

JAX traces a loop body once; a `jax.random` draw in it gives new numbers at each step only if
its key changes from step to step. A key is the same at every step when the body reads it
from outside (a captured name, a module-level key, an attribute of the method's object, a
parameter bound by `functools.partial` or left to its default), from a carry slot the body
returns unchanged, from an `nnx.scan` parameter broadcast to every step (`in_axes` `None`),
or makes it from a constant seed; and so is a key split or folded from such a key with
values that are the same at every step (`jax.random.split(key)`, `fold_in(key, 0)`).
Folding in the step index or a scanned value, or splitting a key the carry updates, makes
a new key per step.

Part of the model (ground layer), on top of `carry.py`: SCN209 reads these facts. The body
is read statement by statement: a name bound inside an `if`, a loop, a `with` or a `try`
is not followed past it, and a key the code does not show to be the same is never one.
A helper of the file the body calls with such a key (`noise(key, x)`) is read too, two
calls deep, for a draw from the parameter it gets it as.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.semantic import walk
from scanlint.semantic.carry import (CarryLayout, StepFunction, carry_layout, file_function,
                                     passed_value)
from scanlint.semantic.model import BROADCAST, FileModel, ScanSite
from scanlint.semantic.scopes import OwnCode, Scope, bound_names, lookup, qualified_name

# `jax.random` functions that draw numbers from their first argument, the key.
DRAWS = frozenset({
    "ball", "bernoulli", "beta", "binomial", "bits", "categorical", "cauchy", "chisquare",
    "choice", "dirichlet", "double_sided_maxwell", "exponential", "f", "gamma",
    "generalized_normal", "geometric", "gumbel", "laplace", "loggamma", "logistic",
    "lognormal", "maxwell", "multinomial", "multivariate_normal", "normal", "orthogonal",
    "pareto", "permutation", "poisson", "rademacher", "randint", "rayleigh", "t",
    "triangular", "truncated_normal", "uniform", "wald", "weibull_min", "shuffle",
})
# `jax.random` functions that make a key from their arguments (the same ones, the same key).
KEY_MAKERS = frozenset({"split", "fold_in", "clone", "PRNGKey", "key", "wrap_key_data"})
# The roles whose function runs once per step.
STEP_ROLES = frozenset({("scan", "f"), ("fori_loop", "body_fun"), ("while_loop", "body_fun")})
HELPER_DEPTH = 2


@dataclass(frozen=True)
class Same:
    """Why a value is the same at every step: the name it starts from and how it gets in."""

    root: str
    why: str


@dataclass(frozen=True)
class ReusedKey:
    """A draw in a loop body (or in a helper the body calls) whose key is the same at every
    step."""

    call: cst.Call  # the draw, or the body's call of the helper that draws
    draw: str  # `jax.random.normal`
    key: str  # the key as written at the draw
    same: Same
    through: str | None = None  # the helper of the file that draws
    carried: bool = False  # the key drawn from is the one the body returns in the carry


def reused_keys(model: FileModel, site: ScanSite, step: StepFunction) -> list[ReusedKey]:
    """Every draw the loop body makes with a key that is the same at every step."""
    if (site.callee, step.ref.role) not in STEP_ROLES or not model.spells("random"):
        return []  # no draw can be named `jax.random.*` in a file without the word
    layout = carry_layout(model, site, step, lambdas=True) if step.carry_param else None
    flow = _Flow(model, step.scope, _fixed_params(step), layout,
                 step.carry_name if step.carry_param is not None else None)
    flow.body(step.node)
    return flow.found


def _fixed_params(step: StepFunction) -> dict[str, Same | None]:
    """The body's parameters: those bound outside the loop (`self`, a partial's arguments,
    defaults) and `nnx.scan`'s broadcast ones are the same at every step; the others (the
    carry, the index, a scanned value) are not."""
    fixed: dict[str, Same | None] = {}
    params = [*step.node.params.posonly_params, *step.node.params.params]
    method = step.scope.parent is not None and step.scope.parent.kind == "class"
    for param in params[:step.bound_params]:
        name = param.name.value
        why = "the method's object" if param is params[0] and method \
            else "bound by `functools.partial`"
        fixed[name] = Same(name, why)
    for name in step.preset:
        fixed[name] = Same(name, "bound outside the loop (by `functools.partial` or as a "
                                 "default)")
    for n, param in enumerate(step.params):
        axis = step.axes[n] if step.axes is not None and n < len(step.axes) else None
        fixed[param.name.value] = Same(param.name.value, "broadcast to every step by "
                                                         "`nnx.scan`'s `in_axes`") \
            if axis == BROADCAST else None
    return fixed


class _Flow:
    """One pass over a function's statements in order: which names hold values that are the
    same at every step, and the draws made with them."""

    def __init__(self, model: FileModel, scope: Scope, fixed: dict[str, Same | None],
                 layout: CarryLayout | None, carry: str | None, depth: int = 0) -> None:
        self.model, self.scope, self.fixed = model, scope, fixed
        self.layout, self.carry, self.depth = layout, carry, depth
        self.env: dict[str, Same | None] = {}
        self.found: list[ReusedKey] = []
        # Names whose key a draw has used since they were last bound, with that draw; the
        # names still bound to the carry's slots as the step got them; slots whose incoming
        # key a draw used.
        self.drawn: dict[str, tuple[cst.Call, str]] = {}
        self.incoming: dict[str, int] = {}
        self.drawn_incoming: set[int] = set()

    # -- statements ----------------------------------------------------------------------
    def body(self, function: cst.FunctionDef | cst.Lambda) -> None:
        if isinstance(function, cst.Lambda):
            self._calls(function.body)
            return
        body = function.body
        self._statements(list(body.body) if isinstance(body, cst.IndentedBlock) else [body])

    def _statements(self, statements: list) -> None:
        for statement in statements:
            if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                for small in statement.body:
                    self._calls(small)
                    self._bind(small)
                    if isinstance(small, cst.Return):
                        self._carried_drawn(small)
            elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.env[statement.name.value] = None
            else:
                self._compound(statement)

    def _compound(self, statement: cst.CSTNode) -> None:
        """An `if`, loop, `with`, `try` or `match`: its headers are read now, its blocks
        with what is known here; what they bind is not followed after it."""
        for child in walk.children(statement):
            if isinstance(child, cst.BaseExpression):
                self._calls(child)
        saved, drawn = dict(self.env), dict(self.drawn)
        for block in walk.blocks(statement):
            self.env, self.drawn = dict(saved), dict(drawn)
            self._statements(walk.block_statements(block))
        self.env, self.drawn = saved, drawn
        for name in bound_names(statement):
            self.env[name] = None
            self.drawn.pop(name, None)
            self.incoming.pop(name, None)

    def _bind(self, small: cst.BaseSmallStatement) -> None:
        if isinstance(small, cst.Assign):
            for target in small.targets:
                self._assign(target.target, small.value, small)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            self._assign(small.target, small.value, small)
        else:
            for name in bound_names(small):
                self.env[name] = None
                self.drawn.pop(name, None)
                self.incoming.pop(name, None)

    def _carried_drawn(self, small: cst.Return) -> None:
        """A key the body returns in the carry that a draw of this step already used, in a
        body that draws from the key it gets: the next step's first draw repeats this one
        (https://github.com/blackjax-devs/blackjax/issues/53: draw, split, draw from the
        split key, carry it on)."""
        layout = self.layout
        if layout is None or self.depth or small not in layout.returns:
            return
        for slot, value in enumerate(layout.returned[layout.returns.index(small)]):
            if isinstance(value, cst.Name) and value.value in self.drawn and \
                    slot in self.drawn_incoming:
                call, draw = self.drawn[value.value]
                self.found.append(ReusedKey(call, draw, value.value, Same(
                    value.value, "returned as the carry's key"), carried=True))

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression,
                small: cst.BaseSmallStatement) -> None:
        layout = self.layout
        if layout is not None and layout.unpack is small:  # `key, x = carry`
            for slot, name in enumerate(layout.slot_names):
                if name is not None:
                    self.env[name] = self._carry_slot(name) if slot in layout.passthrough \
                        else None
                    self.incoming[name] = slot
            return
        if isinstance(target, cst.Name):
            self.env[target.value] = self.same(value)
            self.drawn.pop(target.value, None)
            self.incoming.pop(target.value, None)
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) and len(
                value.elements) == len(target.elements) else None
            for n, element in enumerate(target.elements):  # `*rest` too: a part of it
                part = values[n].value if values is not None else value
                self._assign(element.value, part, small)

    def _carry_slot(self, name: str) -> Same:
        return Same(name, "a slot of the carry that the body returns unchanged")

    # -- what is the same at every step ---------------------------------------------------
    def same(self, expr: cst.BaseExpression) -> Same | None:
        """Why ``expr`` has the same value at every step, or None when the code does not
        show that it does."""
        if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
            return Same(_code(expr), "a constant")
        if isinstance(expr, cst.Name):
            return self._name(expr.value)
        slot = self._slot_read(expr)
        if slot is not None:
            return slot
        if isinstance(expr, cst.Attribute):
            return self.same(expr.value)
        if isinstance(expr, cst.Subscript):
            base = self.same(expr.value)
            return base if base is not None and all(
                self._same_index(e.slice) for e in expr.slice) else None
        if isinstance(expr, cst.UnaryOperation):
            return self.same(expr.expression)
        if isinstance(expr, cst.BinaryOperation):
            left, right = self.same(expr.left), self.same(expr.right)
            return left if left is not None and right is not None else None
        if isinstance(expr, cst.Call):
            return self._made_key(expr)
        return None

    def _name(self, name: str) -> Same | None:
        if name in self.env:
            return self.env[name]
        if name in self.fixed:
            return self.fixed[name]
        if name in self.scope.bindings:
            return None  # bound in the function, but not here
        owner, bindings = lookup(self.scope, name)
        if owner is None or not bindings or all(b.kind == "import" for b in bindings):
            return None
        return Same(name, "read from outside the body")

    def _slot_read(self, expr: cst.BaseExpression) -> Same | None:
        """`carry[0]`, `carry["key"]`, `carry.key` of a slot the body returns unchanged."""
        layout = self.layout
        if layout is None or self.carry is None or not isinstance(
                expr, (cst.Subscript, cst.Attribute)):
            return None
        slot = layout.slot_read(self.carry, expr)
        if slot is None:
            return None
        return self._carry_slot(_code(expr)) if slot in layout.passthrough else None

    def _same_index(self, part: cst.BaseSlice) -> bool:
        if isinstance(part, cst.Index):
            return self.same(part.value) is not None
        bounds = [part.lower, part.upper, part.step]  # type: ignore[attr-defined]
        return all(b is None or self.same(b) is not None for b in bounds)

    def _made_key(self, call: cst.Call) -> Same | None:
        """A key `jax.random.split`, `fold_in`, `PRNGKey`, ... makes from values that are
        all the same at every step: the same key (the first argument's reason)."""
        last = _random_function(self.scope, call)
        if last not in KEY_MAKERS or not call.args or any(a.star for a in call.args):
            return None
        reasons = [self.same(a.value) for a in call.args]
        if any(r is None for r in reasons):
            return None
        first = reasons[0]
        assert first is not None
        if last in ("PRNGKey", "key"):
            return Same(_code(call), "made from a constant seed") if first.why == "a constant" \
                else first
        return first

    # -- draws ----------------------------------------------------------------------------
    def _calls(self, node: cst.CSTNode) -> None:
        for call in walk.remembered(_CALLS, node, _calls_in):
            self._draw(call)

    def _draw(self, call: cst.Call) -> None:
        last = _random_function(self.scope, call)
        if last in DRAWS:
            key = _key_argument(call)
            if isinstance(key, cst.Name):
                self.drawn.setdefault(key.value, (call, f"jax.random.{last}"))
                if key.value in self.incoming:
                    self.drawn_incoming.add(self.incoming[key.value])
            same = self.same(key) if key is not None else None
            if same is not None:
                self.found.append(ReusedKey(call, f"jax.random.{last}", _code(key), same))
            return
        if self.depth < HELPER_DEPTH:
            self._helper(call)

    def _helper(self, call: cst.Call) -> None:
        """A function of the file called with a value that is the same at every step: its
        draws from the parameter that gets it."""
        found = file_function(self.model, self.scope, call.func)
        if found is None:
            return
        function, inner, owner = found
        fixed: dict[str, Same | None] = {}
        for param in [*function.params.posonly_params, *function.params.params,
                      *function.params.kwonly_params]:
            passed = passed_value(function, param, call, self.scope, owner)
            fixed[param.name.value] = self.same(passed[0]) if passed is not None \
                and passed[1] is self.scope else None
        if not any(fixed.values()):
            return
        for reused in self._helper_draws(function, inner, fixed):
            self.found.append(ReusedKey(call, reused.draw, reused.key, reused.same,
                                        reused.through or function.name.value))


    def _helper_draws(self, function: cst.FunctionDef, inner: Scope,
                      fixed: dict[str, Same | None]) -> list[ReusedKey]:
        """The draws of a helper given which parameters are the same at every step: worked
        out once per file for each helper and such parameters (a body calls one helper in
        many places, and several loops call the same helpers)."""
        flows = self.model.memo.setdefault("prng_helper_flows", {})
        key = (id(function), self.depth, tuple(fixed.items()))
        found = flows.get(key)
        if found is None:
            flow = _Flow(self.model, inner, fixed, None, None, self.depth + 1)
            flow.body(function)
            found = flows[key] = flow.found
        return found


def _calls_in(node: cst.CSTNode) -> list[cst.Call]:
    """The calls in one statement or expression (`_Calls`): flows read the same statements
    again (a helper's for each way it is called), so they are kept per node."""
    calls = _Calls(node)
    walk.visit(node, calls)
    return calls.found


_CALLS = walk.node_table()


class _Calls(OwnCode):
    """The calls in one statement or expression, outside functions and lambdas in it."""

    def __init__(self, root: cst.CSTNode) -> None:
        super().__init__(root)
        self.found: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.found.append(node)

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> bool:
        return False  # a compound statement's blocks are read in order, by `_Flow`


def _random_function(scope: Scope, call: cst.Call) -> str | None:
    name = qualified_name(scope, call.func) or ""
    module, _, last = name.rpartition(".")
    return last if module == "jax.random" else None


def _key_argument(call: cst.Call) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "key":
            return arg.value
    first = call.args[0] if call.args else None
    return first.value if first is not None and first.keyword is None and not first.star \
        else None


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)
