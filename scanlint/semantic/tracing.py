"""What is traced, and where: the values of a file's functions followed from where JAX traces
them (issue 32; read by SCN210, SCN211 and SCN212).

JAX traces a function's arguments when `jax.jit` (or `pmap`, `vmap`, `checkpoint`,
`make_jaxpr`, `shard_map`, NNX's and equinox's versions) applies it, when a gradient
transformation takes it (`grad`, `value_and_grad`, `vjp`, `jacrev`: its differentiated
arguments), and when a loop runs it as a body (`scan`, `fori_loop`, `while_loop`, `map`,
`cond`'s branches): every loop body is traced, inside `jit` or not. From each such entry
the analysis follows the values (`Value`) through the function's statements in order,
into the file's functions it calls (by name, method, `partial`, a bound method, a
callable object, a transformation applied in the code) and into loop bodies, one context
per function and the kinds of value its parameters get (`_Context`), and records what
JAX cannot do with a traced value (`Event`):

- Python needs its value: `int()`, `float()`, `bool()`, `.item()`, `if`/`while`/`assert`/
  `and`/`or`/`not`, `range()`, `math.*`, NumPy conversion (SCN211);
- a shape or size from it: `jnp.arange`, `jnp.zeros(n)`, `.reshape(n)`, a draw's
  `shape=`, a scan's `length=`, a slice `x[:n]`, a boolean mask `x[x > 0]`, `jnp.nonzero`,
  one-argument `jnp.where`, `jnp.unique` without `size=` (SCN212);
- reverse-mode differentiation through a `while_loop`, or a `fori_loop` whose bounds are
  traced, when a gradient transformation reaches it and the loop's carry or body depends
  on a differentiated value (SCN210).

Nothing is guessed: a value is traced when the code shows where JAX traces it (an argument of
a traced function that is not static, a loop body's parameter, a `jax.numpy`/`lax`/`random`
result of one, arithmetic, indexing or an array method on one), not when it merely could
be. What only describes an array (`.shape`, `.ndim`, `.dtype`, `len()`, `is None`) is a
Python value under `jit`, and so is anything read from an object (`self.n`), a default
value, or a call of a function outside the file. A parameter as passed (`bare`) may be a
pytree (a tuple, a dict, None): only what fails for any traced leaf is reported on it.
"""

from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass, field, replace

from scanlint.semantic.program import PARTIALS, ClassInfo, Program, Scope, Target, dotted

BUILTINS = frozenset(dir(builtins))

# What traces the function it is applied to, and which arguments: "all" (non-static ones),
# "argnums" (a gradient's differentiated arguments; others stay Python values), "arrays"
# (equinox: only arrays). Reverse-mode ones make their function's loops differentiated.
JITS = frozenset({"jax.jit", "jax.pjit", "flax.nnx.jit", "jax.experimental.pjit.pjit"})
TRACERS = {
    **{name: "all" for name in JITS},
    "jax.pmap": "all", "jax.vmap": "all", "jax.checkpoint": "all", "jax.remat": "all",
    "jax.ad_checkpoint.checkpoint": "all", "jax.make_jaxpr": "all", "jax.eval_shape": "all",
    "jax.shard_map": "all", "jax.experimental.shard_map.shard_map": "all",
    "flax.nnx.vmap": "all", "flax.nnx.remat": "all", "flax.nnx.pmap": "all",
    "jax.jvp": "all", "jax.linearize": "all", "jax.jacfwd": "argnums",
    "equinox.filter_jit": "arrays", "equinox.filter_vmap": "arrays",
    "jax.grad": "argnums", "jax.value_and_grad": "argnums", "jax.vjp": "all",
    "jax.jacrev": "argnums", "jax.jacobian": "argnums", "jax.hessian": "argnums",
    "flax.nnx.grad": "argnums", "flax.nnx.value_and_grad": "argnums",
    "equinox.filter_grad": "first", "equinox.filter_value_and_grad": "first",
    "equinox.filter_vjp": "all",
}
# What stages the function into a jaxpr: there every `jax.numpy`/`lax` result is a tracer,
# even of Python values (`jnp.asarray(x.shape[-1])` under `jit`), unlike under an eager
# `grad` or `vmap`. Loop and branch bodies are staged too.
# What a function given to optax is traced by: optax calls a schedule with its step count,
# an update or mask function with the gradients, inside the update a train step jits.
OPTAX = "optax"
STAGING = JITS | frozenset({
    OPTAX, "jax.pmap", "jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint",
    "jax.make_jaxpr", "jax.eval_shape", "jax.shard_map", "jax.experimental.shard_map.shard_map",
    "flax.nnx.remat", "flax.nnx.pmap", "equinox.filter_jit",
})
REVERSE = frozenset({
    "jax.grad", "jax.value_and_grad", "jax.vjp", "jax.jacrev", "jax.jacobian", "jax.hessian",
    "flax.nnx.grad", "flax.nnx.value_and_grad", "equinox.filter_grad",
    "equinox.filter_value_and_grad", "equinox.filter_vjp",
})
# A user-defined derivative: reverse mode does not go through the function's own loops.
CUSTOM_DERIVATIVES = frozenset({"jax.custom_vjp", "jax.custom_jvp", "equinox.filter_custom_vjp",
                                "equinox.filter_custom_jvp", "flax.nnx.custom_vjp"})
_LAX = ("jax.lax.", "jax._src.lax.control_flow.", "jax._src.lax.control_flow.loops.",
        "jax.experimental.lax.")
LOOPS = {f"{prefix}{name}": name for prefix in _LAX
         for name in ("scan", "fori_loop", "while_loop", "map")} | {
    "flax.nnx.fori_loop": "fori_loop", "flax.nnx.while_loop": "while_loop",
}
# Collectives JAX answers with a Python value when given one: `lax.psum(1, "i")` is the
# axis size, an int (jax_md's tpu.py `range(lax.psum(1, axis_name))`).
CONCRETE_COLLECTIVES = frozenset({"jax.lax.psum", "jax.lax.pmean", "jax.lax.pmax",
                                  "jax.lax.pmin", "jax.lax.axis_size"})
NAMEDTUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
BRANCHES = frozenset({"jax.lax.cond", "jax.lax.switch", "jax.lax.select_n"})
TREE_MAPS = frozenset({"jax.tree.map", "jax.tree_util.tree_map", "jax.tree_map"})

# Where each loop takes its functions: (positional index, keyword) of the body (and of a
# `while_loop`'s condition).
LOOP_FUNCTIONS = {"scan": ((0, "f"),), "map": ((0, "f"),), "fori_loop": ((2, "body_fun"),),
                  "while_loop": ((0, "cond_fun"), (1, "body_fun"))}


def loop_functions(call: ast.Call, kind: str) -> list[tuple[str, ast.expr]]:
    """(keyword, expression) for each function a loop call of ``kind`` is given."""
    found = []
    for index, keyword in LOOP_FUNCTIONS[kind]:
        given = next((k.value for k in call.keywords if k.arg == keyword), None)
        if given is None and index < len(call.args) and not any(
                isinstance(a, ast.Starred) for a in call.args[:index + 1]):
            given = call.args[index]
        if given is not None:
            found.append((keyword, given))
    return found

# Attributes that describe an array without its values: Python values under jit.
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size", "aval", "weak_type",
                               "sharding", "itemsize", "nbytes", "device", "devices",
                               "format", "committed"})
# jax.numpy functions giving Python values (shapes, types) even of traced arrays.
STATIC_FUNCTIONS = frozenset({"shape", "ndim", "size", "result_type", "dtype", "issubdtype",
                              "iinfo", "finfo", "promote_types", "can_cast", "isscalar",
                              "iscomplexobj", "isrealobj", "broadcast_shapes"})
BOOLEAN_FUNCTIONS = frozenset({"isnan", "isinf", "isfinite", "isclose", "logical_and",
                               "logical_or", "logical_not", "logical_xor", "equal",
                               "not_equal", "less", "less_equal", "greater", "greater_equal",
                               "isneginf", "isposinf", "signbit", "isin", "in1d"})
# Functions whose result's size is the number of elements a traced value selects.
SIZED = frozenset({"nonzero", "argwhere", "flatnonzero", "unique", "unique_values",
                   "unique_counts", "unique_inverse", "unique_all", "union1d", "intersect1d",
                   "setdiff1d", "setxor1d", "extract", "compress"})
# jax.numpy / jax.random / jax.lax functions and the parameters that give a shape or size.
SHAPE_PARAMETERS = {
    "jax.numpy.arange": ("start", "stop", "step"), "jax.numpy.zeros": ("shape",),
    "jax.numpy.ones": ("shape",), "jax.numpy.empty": ("shape",), "jax.numpy.full": ("shape",),
    "jax.numpy.eye": ("N", "M"), "jax.numpy.identity": ("n",), "jax.numpy.tri": ("N", "M"),
    "jax.numpy.linspace": (None, None, "num"), "jax.numpy.logspace": (None, None, "num"),
    "jax.numpy.geomspace": (None, None, "num"), "jax.numpy.reshape": (None, "shape"),
    "jax.numpy.broadcast_to": (None, "shape"), "jax.numpy.tile": (None, "reps"),
    "jax.numpy.resize": (None, "new_shape"), "jax.numpy.ones_like": (None, None, "shape"),
    "jax.numpy.zeros_like": (None, None, "shape"), "jax.numpy.full_like": (None, None, None,
                                                                            "shape"),
    "jax.lax.iota": (None, "size"), "jax.lax.full": ("shape",),
    "jax.lax.broadcast": (None, "sizes"), "jax.lax.dynamic_slice": (None, None, "slice_sizes"),
    "jax.lax.dynamic_slice_in_dim": (None, None, "slice_size"),
    "jax.nn.one_hot": (None, "num_classes"),
}
# jax.random draws: the positional place of `shape` (after the key and the distribution's
# own parameters).
DRAW_SHAPES = {"normal": 1, "uniform": 1, "bits": 1, "gumbel": 1, "logistic": 1,
               "exponential": 1, "cauchy": 1, "laplace": 1, "rademacher": 1, "randint": 1,
               "truncated_normal": 3, "bernoulli": 2, "categorical": 3, "choice": 2,
               "gamma": 2, "beta": 3, "poisson": 2, "dirichlet": 2}
# Methods of a JAX array that give an array (of a traced one: a traced one).
ARRAY_METHODS = frozenset({
    "sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "argmax", "argmin",
    "cumsum", "cumprod", "astype", "reshape", "transpose", "squeeze", "ravel", "flatten",
    "conj", "conjugate", "round", "clip", "dot", "take", "repeat", "swapaxes", "copy",
    "set", "add", "multiply", "divide", "power", "min", "max", "get", "apply", "real", "imag",
    "diagonal", "trace", "sort", "argsort", "nonzero", "view", "ptp", "searchsorted",
})
# NumPy functions that give Python values of arrays and accept tracers.
NUMPY_STATIC = frozenset({"shape", "ndim", "size", "result_type", "dtype", "issubdtype",
                          "iinfo", "finfo", "promote_types", "can_cast", "isscalar",
                          "broadcast_shapes", "prod"})
# Where an entry may be: a word of a transformation or a loop (the statements spelling one
# are built first; what they reach, when followed).
ENTRY_WORDS = re.compile(
    r"\b(?:jit|pjit|pmap|vmap|grad|value_and_grad|vjp|jacrev|jacobian|hessian|jacfwd|jvp|"
    r"linearize|checkpoint|remat|make_jaxpr|eval_shape|shard_map|filter_jit|filter_vmap|"
    r"filter_grad|filter_value_and_grad|filter_vjp|scan|fori_loop|while_loop|cond|switch)\b"
    r"|\.map\b|\boptax\.")
# Namespaces whose functions give arrays of traced arguments.
ARRAY_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.",
                    "jax.image.", "jax.ops.", "jax.device_put")
LAX_STATIC = frozenset({"dtype", "axis_size", "broadcast_shapes", "padtype_to_pads",
                        "conv_dimension_numbers", "conv_general_permutations", "Precision"})
_DEPTH = 6  # calls followed from an entry
_BUDGET = 3000  # contexts analysed per file


@dataclass(frozen=True)
class Value:
    """What the analysis knows of one value."""

    traced: bool = False  # a tracer (or a pytree of tracers)
    diff: bool = False  # depends on a value a reverse-mode transformation differentiates
    bare: bool = False  # a traced parameter as passed: it may be a pytree or None
    container: bool = False  # a tuple, list or dict displayed in the code
    boolean: bool = False  # a traced boolean array (a comparison)
    why: str = ""  # where the tracer comes from, for messages
    cls: ClassInfo | None = field(default=None, compare=False)  # an object of this class
    function: "Callee | None" = field(default=None, compare=False)  # a callable of the file
    items: tuple = ()  # a displayed tuple's items
    record: bool = False  # a NamedTuple of the file: every field a leaf, traced with it
    fields: tuple = ()  # a NamedTuple the code builds: its field names, ``items`` their values
    falsy: bool = False  # a Python value known to be false (`False`, `None`, `0`)

    def key(self) -> tuple:
        return (self.traced, self.diff, self.bare, self.container, self.record, self.falsy,
                id(self.cls) if self.cls else 0,
                self.function.key() if self.function else None,
                self.fields, tuple(v.key() for v in self.items))


PYTHON = Value()
FALSY = Value(falsy=True)


@dataclass(frozen=True)
class Callee:
    """A callable value: a function of the file (with what `partial` or a bound method
    fixes), possibly wrapped by transformations (outermost first)."""

    target: Target
    transforms: tuple = ()  # (qualified name, its keywords) of each transformation
    bound: tuple = ()  # Values of positional arguments `partial` fixed
    bound_keywords: tuple = ()  # (name, Value)
    # The context a nested def or lambda was made in: its free names are read there when
    # it is called from elsewhere (`fixed_point(lambda z: jnp.tanh(theta @ z), z0)`: theta
    # is differentiated in the caller, jax#16150).
    closure: "_Context | None" = field(default=None, compare=False, repr=False)
    receiver: "Value | None" = field(default=None, compare=False)  # a bound method's object

    def key(self) -> tuple:
        return (id(self.target.function.node), tuple(q for q, _ in self.transforms),
                _closure_key(self.closure), self.receiver.key() if self.receiver else None)


@dataclass(frozen=True)
class Event:
    """Something JAX cannot do with a traced value, or a loop reverse mode cannot go
    through."""

    code: str  # "python" (SCN211), "shape" (SCN212), "grad" (SCN210)
    node: ast.AST  # where to report
    what: str  # the operation, for the message
    name: str  # the traced expression as written
    why: str  # where it is traced
    scope: Scope | None = None
    fix: object = None  # what a fix needs (a rule-specific tuple), or None
    origin: str = ""  # for "grad": the transformation that reaches the loop


@dataclass
class _Context:
    scope: Scope
    env: dict[str, Value]
    parent: "_Context | None"
    grad: str  # what reverse-mode transformation reaches it ("`jax.grad` of `loss`"), or ""
    traced_fn: bool  # the function is being traced (its jnp results are tracers)
    depth: int
    reads_diff_closure: bool = False  # read a differentiated value of an enclosing context
    returned: Value = PYTHON
    returns: int = 0  # `return` statements with a value seen
    staged: bool = False  # traced into a jaxpr (`STAGING`, a loop body): jnp results are tracers


def _union(a: Value, b: Value) -> Value:
    """What a name holds when it may hold either value: traced if either is, with the
    traced ones' shape (a Python value on the other side adds nothing to check)."""
    if not (a.traced or a.diff or b.traced or b.diff):
        return a if a.cls is not None or a.function is not None else b
    sides = [v for v in (a, b) if v.traced or v.diff]
    first = a if a.traced else b
    return Value(traced=a.traced or b.traced, diff=a.diff or b.diff,
                 bare=any(v.bare for v in sides), container=all(v.container for v in sides),
                 boolean=all(v.boolean for v in sides), why=first.why or a.why or b.why)


def _derived(*values: Value, boolean: bool = False) -> Value:
    """A value computed from ``values`` (arithmetic, a jnp function, indexing)."""
    traced = [v for v in values if v.traced]
    diff = any(v.diff for v in values)
    if not traced and not diff:
        return PYTHON
    return Value(traced=bool(traced), diff=diff, boolean=boolean and bool(traced),
                 why=traced[0].why if traced else "")


class Tracing:
    """The events of one file (`events()`), computed once."""

    def __init__(self, program: Program) -> None:
        self.p = program
        self.events: dict[tuple, Event] = {}
        self._done: set[tuple] = set()
        self._memo: dict[tuple, Value] = {}
        self._in_jvp_rule: set[int] = set()  # custom_jvp defs whose JVP rule is analysed
        self._custom_kinds: dict[int, str | None] = {}  # def -> its custom derivative
        self._jvp_rules: dict[int, Scope | None] = {}  # custom_jvp def -> its JVP rule
        self._budget = _BUDGET
        self._analysed_entries: set[int] = set()
        self.traced_scopes: set[int] = set()  # ids of the defs and lambdas analysed traced

    # -- entries ----------------------------------------------------------------------
    def run(self) -> list[Event]:
        p = self.p
        p.prepare(ENTRY_WORDS)
        for scope in list(p.scopes.values()):
            if scope.kind != "function" or scope.is_lambda:
                continue
            for decorator in scope.decorators:
                how = self._decorator(decorator, scope)
                if how is not None:
                    self._enter(scope, how[0], how[1], decorator, None)
        applied_calls = []
        for site in list(p.calls):
            q = p.qualified(site.node.func, site.scope)
            if q in TRACERS and site.node.args:
                applied = p.parents.get(id(site.node))
                if isinstance(applied, ast.Call) and applied.func is site.node:
                    applied_calls.append((applied, None))  # `jax.grad(f)(x)`: with its arguments
                    continue
                calls = self._calls_of_bound(site)
                if calls is not None:
                    # (each call with what was bound: the name may be rebound, `f = jit(f)`)
                    callee = self._callable(site.node.args[0], None, site.scope) or \
                        self._rebound(site)
                    if callee is not None:
                        callee = replace(callee, transforms=(
                            (q, _keywords(site.node, q)), *callee.transforms))
                    applied_calls += [(call, callee) for call in calls]
                    continue
                callee = self._callable(site.node.args[0], None, site.scope)
                if callee is not None:
                    self._run_entry(callee, q, site.node)
            elif q in LOOPS or q in BRANCHES:
                self._eager_site(site, q)
            elif (q or "").startswith("optax.") or isinstance(site.node.func, ast.Call) and \
                    (p.qualified(site.node.func.func, site.scope) or "").startswith("optax."):
                self._given_to_optax(site)
        # Calls of a transformation's result, `jax.grad(loss)(x, n)` or `fast(x, n)`, and
        # of the functions they reach, with their arguments: from each call's own scope.
        for call, callee in applied_calls:
            site = p.call_at.get(id(call))
            if site is None:
                continue
            ctx = self._top(site.scope)
            if callee is None or any(isinstance(a, ast.Starred) for a in call.args) or any(
                    k.arg is None for k in call.keywords):
                self.expr(call, ctx)
                continue
            args = [self.expr(a, ctx) for a in call.args]
            keywords = {k.arg: self.expr(k.value, ctx) for k in call.keywords}
            self.apply(callee, args, keywords, call, ctx)
        return list(self.events.values())

    def _given_to_optax(self, site) -> None:
        """The functions of the file a call of optax is given, analysed with their parameters
        traced: a schedule, `inject_hyperparams(...)(learning_rate=fn)`, a list of them
        (https://github.com/google/flax/pull/1903: `if step < warmup` in a schedule fails under
        the jitted update; netket's `np.cos` of the step count)."""
        ctx = self._top(site.scope)
        for value in [*site.node.args, *(k.value for k in site.node.keywords if k.arg)]:
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            for item in items:
                callee = self._callable(item, ctx, site.scope) or self._made_by(item, site.scope)
                if callee is not None and not callee.transforms and not callee.bound:
                    self._run_entry(callee, OPTAX, site.node)

    def _made_by(self, name: ast.expr, scope: Scope) -> Callee | None:
        """For a name bound once to a call of a factory of the file (`fn = make(...)`): the
        function the factory returns."""
        if not isinstance(name, ast.Name):
            return None
        bind = self.p.single(scope, name.id)
        if bind is None or bind.kind != "assign" or not isinstance(bind.value, ast.Call):
            return None
        where = bind.scope or scope
        return self._callable(bind.value, self._top(where), where)

    def _calls_of_bound(self, site) -> list[ast.Call] | None:
        """For `fast = jax.jit(f, ...)`: the calls of `fast` when the file shows every use of
        it (each one a call), an empty list when it passes it elsewhere (how it is called
        is not known: nothing is assumed), None when it is never read (an entry point
        whose callers are elsewhere)."""
        statement = site.statement
        if not (isinstance(statement, ast.Assign) and statement.value is site.node
                and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)):
            return None
        name = statement.targets[0].id
        bind = next((b for b in self.p.lookup(site.scope, name) if b.node is statement), None)
        if bind is None:
            return None
        reads = [(read, scope) for read, scope in self.p.reads(bind)
                 if read is not site.node.args[0]]  # (`f = jit(f)` reads the def)
        if not reads:
            return None
        calls = []
        for read, _scope in reads:
            parent = self.p.parents.get(id(read))
            if not (isinstance(parent, ast.Call) and parent.func is read):
                return []
            calls.append(parent)
        return calls

    def _rebound(self, site) -> Callee | None:
        """`f = jax.jit(f)`: the name's one `def` before the statement (the name has two
        bindings, so it does not resolve as a whole)."""
        argument = site.node.args[0]
        if not isinstance(argument, ast.Name):
            return None
        defs = [b for b in self.p.lookup(site.scope, argument.id)
                if b.kind == "def" and b.node.lineno < site.statement.lineno]
        scope = self.p.scope_of(defs[-1].node) if defs else None
        return self._decorated(Callee(Target(scope))) if scope is not None else None

    def _top(self, scope: Scope) -> _Context:
        """A context for code nothing traces: its values are Python values."""
        function = scope.function
        return _Context(scope=function or self.p.module, env={}, parent=None, grad="",
                        traced_fn=False, depth=0)

    def _decorator(self, decorator: ast.expr, scope: Scope) -> tuple | None:
        """How a decorator traces the def: (qualified transformation, static parameters)."""
        found = self.p.decorator_transform(decorator, scope.parent or self.p.module, TRACERS)
        if found is None:
            return None
        return found[0], _static_parameters(scope, list(found[1])) | _unmapped(
            found[0], list(found[1]), scope.positional)

    def _enter(self, scope: Scope, how: str, static: frozenset, node: ast.AST,
               parent: _Context | None) -> None:
        """Analyse a def a transformation decorates, its arguments not known (a parameter
        with a default is a Python value unless a call of the file passes it)."""
        passed = {name: PYTHON for name in self._defaults_passed(scope, static)}
        env = self._parameters(scope, how, static, passed, None)
        self._analyse(scope, env, parent, grad=_origin(how, scope), traced_fn=True, depth=0,
                      staged=how in STAGING)

    def _parameters(self, scope: Scope, how: str, static: frozenset,
                    passed: dict[str, Value], argnums,
                    bound_self: bool = False) -> dict[str, Value]:
        """The parameters of a def a transformation ``how`` traces: non-static ones without
        a default (and those a call passes) are tracers. ``bound_self``: a bound method,
        whose `argnums` count after `self` (`jax.grad(model.loss)` differentiates `x0`)."""
        kind = TRACERS.get(how, "all")
        env: dict[str, Value] = {}
        params = scope.positional[1:] if bound_self else scope.positional
        diff_positions = _argnums(argnums) if kind in ("argnums", "first") else None
        for index, name in enumerate(scope.params):
            if name in static:
                env[name] = passed.get(name, PYTHON)
                continue
            if kind == "arrays":
                env[name] = passed.get(name, PYTHON)
                continue
            if diff_positions is not None:
                positional = name in params and params.index(name) in diff_positions
                if not positional:
                    env[name] = passed.get(name, PYTHON)
                    continue
                why = f"`{name}`, which `{_short(how)}` differentiates"
                env[name] = Value(traced=True, diff=how in REVERSE, bare=True, why=why)
                continue
            if name not in passed and scope.default(name) is not None:
                env[name] = PYTHON
                continue
            before = passed.get(name, PYTHON)
            why = f"`{name}`, a parameter `{_short(how)}` traces" if how != OPTAX else \
                f"`{name}`, which optax passes (a tracer when the update is jitted)"
            if before.traced and before.why:
                why = before.why
            # (`vjp` differentiates every primal it is given: none is left out as with grad's
            # argnums; flowjax#176 reached a `while_loop` through `jax.vjp(flow.inverse, x)`)
            env[name] = Value(traced=True, diff=before.diff or how in REVERSE, bare=True,
                              why=why, record=self._namedtuple_parameter(scope, name))
        return env

    def _namedtuple_parameter(self, scope: Scope, name: str) -> bool:
        """A parameter annotated with a NamedTuple class of the file: a pytree whose fields
        are all leaves, so `jit` traces each (`params.num_iters` is a tracer)."""
        node = scope.node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        arguments = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        annotation = next((a.annotation for a in arguments if a.arg == name), None)
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.Name(id=annotation.value)
        if not isinstance(annotation, ast.Name):
            return False
        bind = self.p.single(scope.parent or self.p.module, annotation.id)
        if bind is None or bind.kind != "class":
            return False
        owner = self.p.scope_of(bind.node)
        outer = owner.parent if owner is not None and owner.parent else self.p.module
        return _namedtuple_fields(bind.node, outer, self.p) is not None

    def _defaults_passed(self, scope: Scope, static: frozenset) -> set[str]:
        """The parameters with a default, not static, that a call of the file passes: by
        place, by keyword, or by `**kwargs` of a dict display (https://github.com/
        Physical-Intelligence/openpi/pull/550: `temperature=0.0` passed in `**sample_kwargs`
        is a tracer under `jit`, and `if temperature > 0` fails)."""
        defaulted = {name for name in scope.params
                     if name not in static and scope.default(name) is not None}
        if not defaulted:
            return set()
        found: set[str] = set()
        for site, target in self.p.callers(scope):
            call = site.node
            params = scope.positional[1:] if target.bound_self else scope.positional
            if not any(isinstance(a, ast.Starred) for a in call.args):
                found.update(params[:len(call.args)])
            for keyword in call.keywords:
                if keyword.arg is not None:
                    found.add(keyword.arg)
                    continue
                mapping = keyword.value
                if isinstance(mapping, ast.Name):
                    bind = self.p.single(site.scope, mapping.id)
                    mapping = bind.value if bind is not None and bind.kind == "assign" and \
                        bind.value is not None else mapping
                if isinstance(mapping, ast.Dict):
                    found.update(k.value for k in mapping.keys
                                 if isinstance(k, ast.Constant) and isinstance(k.value, str))
        return found & defaulted

    def _run_entry(self, callee: Callee, how: str, node: ast.AST) -> None:
        function = callee.target.function
        keywords = list(_keywords(node, how))
        static = _static_parameters(function, keywords, callee.target.bound_self)
        passed: dict[str, Value] = {}
        params = list(function.positional)
        if callee.target.bound_self and params:
            passed[params.pop(0)] = Value(cls=callee.target.cls)
        for name, value in zip(params, callee.bound):
            passed[name] = value
        passed.update(dict(callee.bound_keywords))
        static = static | frozenset(passed) | _unmapped(how, keywords, params[len(callee.bound):])
        argnums = _keyword(node, "argnums")
        env = self._parameters(function, how, static, passed, argnums,
                               callee.target.bound_self)
        self._inner_transforms(env, function, callee.transforms, passed, set(passed),
                               callee.target.bound_self)
        self._analyse(function, env, None, grad=_origin(how, function), traced_fn=True,
                      depth=0, staged=how in STAGING or any(
                          q in STAGING for q, _ in callee.transforms))

    def _inner_transforms(self, env: dict[str, Value], function: Scope, transforms,
                          passed: dict[str, Value], fixed: set, bound_self: bool) -> None:
        """What the transformations under the outermost one add: a parameter `jit` traces
        under a `grad` that does not differentiate it (`grad(jitted)(x, n)`: `n` is a
        tracer), one `grad` differentiates under a `jit` (`jit(grad(f))`)."""
        for q, keywords in transforms:
            positional = function.positional[1:] if bound_self else function.positional
            static = _static_parameters(function, list(keywords), bound_self) | _unmapped(
                q, list(keywords), positional) | frozenset(fixed)
            argnums = next((k.value for k in keywords if k.arg == "argnums"), None)
            for name, value in self._parameters(function, q, static, passed, argnums,
                                                bound_self).items():
                before = env.get(name)
                if before is None or before.cls is not None or before.function is not None:
                    continue
                if value.traced and not before.traced:
                    env[name] = replace(value, diff=value.diff or before.diff)
                elif value.diff and not before.diff:
                    env[name] = replace(before, diff=True)

    def _eager_site(self, site, q: str) -> None:
        """A loop or branch nothing visible traces: its bodies are traced all the same."""
        ctx = self._top(site.scope)
        if id(site.node) in self._analysed_entries:
            return
        self._loop(site.node, q, ctx)

    # -- contexts ---------------------------------------------------------------------
    def _analyse(self, scope: Scope, env: dict[str, Value], parent: _Context | None,
                 grad: str, traced_fn: bool, depth: int, staged: bool = False) -> _Context:
        """``grad``: what differentiates the function in reverse mode (for messages), or
        "" when nothing does."""
        if grad and id(scope.node) not in self._in_jvp_rule and self._custom_derivative(scope):
            # Reverse mode never runs a custom rule's primal code; it transposes what a
            # `custom_jvp`'s rule computes from the tangents (jax#18311: a `while_loop` there
            # fails), and a `custom_vjp`'s backward rule needs no transposing.
            rule = self._jvp_rule(scope)
            if rule is not None:
                why = f"the tangents `{scope.name}`'s JVP rule is given"
                env = {name: Value(traced=True, bare=True, why=why) for name in rule.params}
                if rule.positional:  # `rule(*nondiff, primals, tangents)`: only the last
                    env[rule.positional[-1]] = Value(traced=True, diff=True, bare=True, why=why)
                self._in_jvp_rule.add(id(scope.node))  # its own calls there: differentiated
                self._analyse(rule, env, None, grad, True, depth + 1, staged)
                self._in_jvp_rule.discard(id(scope.node))
            grad = ""
        key = (id(scope.node), tuple(sorted((k, v.key()) for k, v in env.items())), grad,
               traced_fn, staged, id(parent.scope.node) if parent else 0,
               _closure_key(parent))
        ctx = _Context(scope, dict(env), parent, grad, traced_fn, depth, staged=staged)
        if key in self._memo:
            ctx.returned = self._memo[key]
            return ctx
        if self._budget <= 0 or depth > _DEPTH:
            return ctx
        self._budget -= 1
        if traced_fn:
            self.traced_scopes.add(id(scope.node))
        self._memo[key] = PYTHON  # recursion: nothing known yet
        node = scope.node
        if isinstance(node, ast.Lambda):
            ctx.returned = self.expr(node.body, ctx)
        else:
            self.block(node.body, ctx)
        self._memo[key] = ctx.returned
        return ctx

    def _custom_derivative(self, scope: Scope) -> bool:
        """A def with its own derivative rule: decorated `@jax.custom_vjp` (also through
        `functools.partial(jax.custom_jvp, nondiff_argnums=...)`), or `f = jax.custom_vjp(f)`."""
        return self._custom_kind(scope) is not None

    def _custom_kind(self, scope: Scope) -> str | None:
        """The custom-derivative transformation of a def ("jax.custom_jvp", ...), or None."""
        if id(scope.node) not in self._custom_kinds:
            self._custom_kinds[id(scope.node)] = self._find_custom_kind(scope)
        return self._custom_kinds[id(scope.node)]

    def _find_custom_kind(self, scope: Scope) -> str | None:
        if isinstance(scope.node, ast.Lambda):
            return None
        owner = scope.parent or self.p.module
        for decorator in scope.decorators:
            named = decorator.func if isinstance(decorator, ast.Call) else decorator
            q = self.p.qualified(named, owner)
            if q in PARTIALS and isinstance(decorator, ast.Call) and decorator.args:
                q = self.p.qualified(decorator.args[0], owner)
            if q in CUSTOM_DERIVATIVES:
                return q
        name = scope.node.name  # type: ignore[attr-defined]
        for bind in owner.bindings.get(name, ()):
            if bind.kind == "assign" and isinstance(bind.value, ast.Call) and \
                    self.p.qualified(bind.value.func, owner) in CUSTOM_DERIVATIVES:
                return self.p.qualified(bind.value.func, owner)
        return None

    def _jvp_rule(self, scope: Scope) -> Scope | None:
        """The JVP rule of a `custom_jvp` def: a def decorated `@f.defjvp`, or the def that
        `f.defjvp(rule)` names (found once per def: the search reads the whole file)."""
        if id(scope.node) not in self._jvp_rules:
            self._jvp_rules[id(scope.node)] = self._find_jvp_rule(scope)
        return self._jvp_rules[id(scope.node)]

    def _find_jvp_rule(self, scope: Scope) -> Scope | None:
        if not (self._custom_kind(scope) or "").endswith("custom_jvp"):
            return None
        name = scope.node.name  # type: ignore[attr-defined]
        self.p.ensure_all()  # (rare: only for a custom_jvp def reverse mode reaches)
        for other in list(self.p.scopes.values()):
            if other.kind != "function" or other.is_lambda:
                continue
            for decorator in other.decorators:
                if isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp" and \
                        isinstance(decorator.value, ast.Name) and decorator.value.id == name:
                    return other
        for site in list(self.p.calls):
            func = site.node.func
            if isinstance(func, ast.Attribute) and func.attr == "defjvp" and isinstance(
                    func.value, ast.Name) and func.value.id == name and site.node.args:
                targets = self.p.targets(site.node.args[0], site.scope)
                if len(targets) == 1:
                    return targets[0].function
        return None

    # -- statements -------------------------------------------------------------------
    def block(self, statements: list[ast.stmt], ctx: _Context) -> None:
        for statement in statements:
            self.stmt(statement, ctx)

    def stmt(self, node: ast.stmt, ctx: _Context) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                self.expr(decorator, ctx)
            scope = self.p.scope_of(node)
            if scope is not None:
                value = Value(function=Callee(Target(scope), closure=ctx))
                for decorator in node.decorator_list:
                    how = self._decorator(decorator, scope)
                    if how is not None:
                        env = self._parameters(scope, how[0], how[1], {}, None)
                        self._analyse(scope, env, ctx, ctx.grad or _origin(how[0], scope), True,
                                      ctx.depth + 1, staged=ctx.staged or how[0] in STAGING)
                ctx.env[node.name] = value
            return
        if isinstance(node, ast.ClassDef):
            return
        if isinstance(node, ast.Return):
            if node.value is not None:
                value = self.expr(node.value, ctx)
                old = ctx.returned
                merged = value if ctx.returns == 0 else _union(old, value)
                if value.items and (ctx.returns == 0 or len(old.items) == len(value.items)):
                    items = value.items if ctx.returns == 0 else tuple(
                        _union(a, b) for a, b in zip(old.items, value.items))
                    merged = replace(merged, items=items, container=True)
                ctx.returned = merged
                ctx.returns += 1
            return
        if isinstance(node, ast.Assign):
            value = self.expr(node.value, ctx)
            for target in node.targets:
                self.assign(target, value, ctx)
            return
        if isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.assign(node.target, self.expr(node.value, ctx), ctx)
            return
        if isinstance(node, ast.AugAssign):
            value = _derived(self.expr(node.target, ctx), self.expr(node.value, ctx))
            self.assign(node.target, value, ctx, merge=True)
            return
        if isinstance(node, ast.Expr):
            self.expr(node.value, ctx)
            return
        if isinstance(node, ast.If):
            if self.p.never(node.test) or self.expr(node.test, ctx).falsy:
                self.block(node.orelse, ctx)
                return
            self.condition(node.test, ctx, "an `if`")
            self.block(node.body, ctx)
            self.block(node.orelse, ctx)
            return
        if isinstance(node, ast.While):
            self.condition(node.test, ctx, "a `while`")
            self.block(node.body, ctx)
            self.block(node.orelse, ctx)
            return
        if isinstance(node, (ast.For, ast.AsyncFor)):
            iterated = self.expr(node.iter, ctx)
            element = PYTHON  # of a pytree: its keys or subtrees, not known here
            if iterated.traced and not iterated.container and not iterated.bare:
                element = _derived(iterated)  # rows of an array
            self.assign(node.target, element, ctx)
            for _ in range(2):  # a value made traced late in the body reaches its start
                self.block(node.body, ctx)
            self.block(node.orelse, ctx)
            return
        if isinstance(node, ast.Assert):
            self.condition(node.test, ctx, "an `assert`")
            return
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr, ctx)
            self.block(node.body, ctx)
            return
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            self.block(node.body, ctx)  # type: ignore[attr-defined]
            for handler in node.handlers:  # type: ignore[attr-defined]
                self.block(handler.body, ctx)
            self.block(node.orelse, ctx)  # type: ignore[attr-defined]
            self.block(node.finalbody, ctx)  # type: ignore[attr-defined]
            return
        if isinstance(node, ast.Match):
            self.expr(node.subject, ctx)
            for case in node.cases:
                self.block(case.body, ctx)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expr(child, ctx)

    def assign(self, target: ast.expr, value: Value, ctx: _Context, merge: bool = False) -> None:
        """Bind ``target`` to ``value`` (a later assignment replaces an earlier one: code
        in a branch is read as if it ran)."""
        if isinstance(target, ast.Name):
            ctx.env[target.id] = value
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            elements = target.elts
            if value.items and len(value.items) == len(elements) and not any(
                    isinstance(e, ast.Starred) for e in elements):
                for element, item in zip(elements, value.items):
                    self.assign(element, item, ctx)
                return
            part = PYTHON
            if value.traced or value.diff:
                part = Value(traced=value.traced, diff=value.diff, why=value.why,
                             bare=value.bare or value.container)
            for element in elements:
                self.assign(element.value if isinstance(element, ast.Starred) else element,
                            part, ctx)
            return
        if isinstance(target, (ast.Attribute, ast.Subscript)):
            self.expr(target.value, ctx)
            if isinstance(target, ast.Subscript):
                self.expr(target.slice, ctx)

    def condition(self, test: ast.expr, ctx: _Context, where: str) -> None:
        value = self.expr(test, ctx)
        self._needs_python(test, value, ctx, f"{where} on it")

    def _needs_python(self, node: ast.expr, value: Value, ctx: _Context, what: str,
                      bare_too: bool = False) -> None:
        if not value.traced or value.container or (value.bare and not bare_too):
            return
        if isinstance(node, ast.BoolOp):  # the others were checked as it was read
            last = node.values[-1]
            self._needs_python(last, self.expr(last, ctx), ctx, what, bare_too)
            return
        self._event("python", node, what, node, value, ctx)

    def _event(self, code: str, at: ast.AST, what: str, expr: ast.AST, value: Value,
               ctx: _Context, fix: object = None) -> None:
        key = (code, id(at))
        if key not in self.events:
            self.events[key] = Event(code, at, what, self.p.source(expr), value.why, ctx.scope,
                                     fix, ctx.grad)

    # -- expressions ------------------------------------------------------------------
    def leaf_fields(self) -> frozenset[str]:
        found = self.__dict__.get("_leaf_fields")
        if found is None:
            found = self.__dict__["_leaf_fields"] = leaf_fields_of(self.p)
        return found

    def lookup(self, name: str, ctx: _Context) -> Value:
        current: _Context | None = ctx
        first = True
        while current is not None:
            if name in current.env:
                value = current.env[name]
                if not first and value.diff:
                    ctx.reads_diff_closure = True
                return value
            if name in current.scope.bindings and current.scope.kind == "function":
                return PYTHON  # a local assigned later, or in code not followed
            first = False
            current = current.parent
        binds = self.p.lookup(ctx.scope, name)
        if len(binds) == 1:
            bind = binds[0]
            if bind.kind == "def":
                scope = self.p.scope_of(bind.node)
                if scope is not None:
                    return Value(function=Callee(Target(scope)))
            if bind.kind == "class":
                info = self.p.class_info(bind.node)
                return Value(cls=info) if info else PYTHON
        return PYTHON

    def expr(self, node: ast.AST, ctx: _Context) -> Value:
        if isinstance(node, ast.Name):
            return self.lookup(node.id, ctx)
        if isinstance(node, ast.Constant):
            return FALSY if not node.value and not isinstance(node.value, str) else PYTHON
        if isinstance(node, ast.Attribute):
            base = self.expr(node.value, ctx)
            if node.attr in STATIC_ATTRIBUTES:
                return PYTHON
            if base.cls is None and (base.traced or base.diff) and node.attr in ARRAY_ATTRIBUTES:
                # (`x.at`, `x.T`: no pytree has them, so even a parameter as passed is an array)
                return Value(traced=base.traced, diff=base.diff, why=base.why)
            if node.attr in base.fields:
                return base.items[base.fields.index(node.attr)]
            if base.record and base.traced and not node.attr.startswith("_"):
                return Value(traced=True, diff=base.diff, bare=True, why=f"`{node.attr}`, a "
                             f"field of a NamedTuple JAX traces ({base.why})")
            if base.bare and base.traced and base.cls is None and \
                    node.attr in self.leaf_fields():
                # (a NamedTuple's fields are all leaves: `cfg.num_steps` of a traced `cfg`,
                # when only the file's NamedTuples have that field; set K's mujoco#1377)
                return Value(traced=True, diff=base.diff, bare=True, why=f"`{node.attr}`, a "
                             f"field of a NamedTuple of this file, read from {base.why}")
            if base.cls is not None or base.bare or base.container:
                return PYTHON  # a pytree's field may be static metadata
            return PYTHON
        if isinstance(node, ast.Subscript):
            return self.subscript(node, ctx)
        if isinstance(node, ast.BinOp):
            left, right = self.expr(node.left, ctx), self.expr(node.right, ctx)
            boolean = isinstance(node.op, (ast.BitAnd, ast.BitOr, ast.BitXor)) and (
                left.boolean or right.boolean)
            if left.container or right.container:
                return PYTHON if not (left.traced or right.traced) else Value(
                    traced=True, container=True, why=left.why or right.why)
            return _derived(left, right, boolean=boolean)
        if isinstance(node, ast.UnaryOp):
            operand = self.expr(node.operand, ctx)
            if isinstance(node.op, ast.Not):
                self._needs_python(node.operand, operand, ctx, "`not` on it")
                return PYTHON
            return _derived(operand, boolean=isinstance(node.op, ast.Invert) and operand.boolean)
        if isinstance(node, ast.BoolOp):
            values = [self.expr(v, ctx) for v in node.values]
            for part, value in zip(node.values[:-1], values[:-1]):
                self._needs_python(part, value, ctx, f"`{_boolop(node)}` on it")
            result = PYTHON
            for value in values:
                result = _union(result, value)
            return result
        if isinstance(node, ast.Compare):
            values = [self.expr(node.left, ctx), *(self.expr(c, ctx) for c in node.comparators)]
            if all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
                return PYTHON
            if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
                return PYTHON
            if any(v.container for v in values):
                return PYTHON
            return _derived(*values, boolean=True)
        if isinstance(node, ast.IfExp):
            test = self.expr(node.test, ctx)
            self._needs_python(node.test, test, ctx, "a conditional expression on it")
            return _union(self.expr(node.body, ctx), self.expr(node.orelse, ctx))
        if isinstance(node, ast.Call):
            return self.call(node, ctx)
        if isinstance(node, ast.Lambda):
            scope = self.p.scope_of(node)
            if scope is None:
                return PYTHON
            callee = Callee(Target(scope), closure=ctx)
            return Value(function=callee, cls=None)
        if isinstance(node, (ast.Tuple, ast.List)):
            items = tuple(self.expr(e.value if isinstance(e, ast.Starred) else e, ctx)
                          for e in node.elts)
            traced = [v for v in items if v.traced or v.diff]
            return Value(traced=any(v.traced for v in items), diff=any(v.diff for v in items),
                         container=True, why=traced[0].why if traced else "",
                         items=items if not any(isinstance(e, ast.Starred)
                                                for e in node.elts) else ())
        if isinstance(node, ast.Dict):
            values = [self.expr(v, ctx) for v in node.values if v is not None]
            for key in node.keys:
                if key is not None:
                    self.expr(key, ctx)
            traced = [v for v in values if v.traced or v.diff]
            return Value(traced=bool(traced) and any(v.traced for v in values),
                         diff=any(v.diff for v in values), container=True,
                         why=traced[0].why if traced else "")
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            return self.comprehension(node, ctx)
        if isinstance(node, ast.NamedExpr):
            value = self.expr(node.value, ctx)
            self.assign(node.target, value, ctx)
            return value
        if isinstance(node, ast.Starred):
            return self.expr(node.value, ctx)
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    self.expr(part.value, ctx)
            return PYTHON
        if isinstance(node, ast.Slice):
            for part in (node.lower, node.upper, node.step):
                if part is not None:
                    self.expr(part, ctx)
            return PYTHON
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expr(child, ctx)
        return PYTHON

    def comprehension(self, node: ast.AST, ctx: _Context) -> Value:
        inner = _Context(ctx.scope, dict(ctx.env), ctx.parent, ctx.grad, ctx.traced_fn,
                         ctx.depth, staged=ctx.staged)
        for generator in node.generators:  # type: ignore[attr-defined]
            iterated = self.expr(generator.iter, inner)
            element = PYTHON
            if iterated.traced and not iterated.container and not iterated.bare:
                element = _derived(iterated)
            self.assign(generator.target, element, inner)
            for condition in generator.ifs:
                self.condition(condition, inner, "a comprehension's `if`")
        if isinstance(node, ast.DictComp):
            result = _derived(self.expr(node.key, inner), self.expr(node.value, inner))
        else:
            result = self.expr(node.elt, inner)  # type: ignore[attr-defined]
        ctx.reads_diff_closure |= inner.reads_diff_closure
        if result.traced or result.diff:
            return Value(traced=result.traced, diff=result.diff, container=True, why=result.why)
        return PYTHON

    def subscript(self, node: ast.Subscript, ctx: _Context) -> Value:
        base = self.expr(node.value, ctx)
        index = node.slice
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        index_values = []  # what each part that is not a slice is
        for part in parts:
            if isinstance(part, ast.Slice):
                for bound in (part.lower, part.upper, part.step):
                    if bound is None:
                        continue
                    value = self.expr(bound, ctx)
                    if value.traced and not value.container:
                        self._event("shape", bound, "a slice bound", bound, value, ctx)
                continue
            value = self.expr(part, ctx)
            index_values.append(value)
            if value.boolean and value.traced and (base.traced or _is_at(node.value)) \
                    and not base.container:
                self._event("shape", part, "a boolean mask", part, value, ctx)
        if base.items and isinstance(index, ast.Constant) and isinstance(index.value, int) \
                and -len(base.items) <= index.value < len(base.items):
            return base.items[index.value]
        if base.traced or base.diff:
            return Value(traced=base.traced, diff=base.diff, why=base.why,
                         bare=base.bare or base.container)
        traced_index = next((v for v in index_values if v.traced and not v.container), None)
        if traced_index is not None and self._made_array(node.value, ctx.scope):
            # A concrete array indexed with a tracer (`TABLE[i]` in a loop body) is a tracer.
            return Value(traced=True, why=f"`{self.p.source(node)}`, indexed with a traced "
                         f"value ({traced_index.why})")
        return PYTHON

    def _made_array(self, expr: ast.expr, scope: Scope) -> bool:
        """A name bound once to what `jax.numpy`, NumPy or `jax.random` makes."""
        if not isinstance(expr, ast.Name):
            return False
        bind = self.p.single(scope, expr.id)
        value = bind.value if bind is not None and bind.kind == "assign" else None
        if not isinstance(value, ast.Call):
            return False
        q = self.p.qualified(value.func, bind.scope or scope) or ""
        return q.startswith(("jax.numpy.", "numpy.", "jax.random.")) and \
            q.rsplit(".", 1)[-1] not in STATIC_FUNCTIONS | NUMPY_STATIC

    # -- calls ------------------------------------------------------------------------
    def call(self, node: ast.Call, ctx: _Context) -> Value:
        p = self.p
        scope = ctx.scope
        func = node.func
        q = p.qualified(func, scope) if isinstance(func, (ast.Name, ast.Attribute)) else None
        if isinstance(func, ast.Name) and q is None and func.id in BUILTINS and \
                not p.lookup(scope, func.id):
            return self._builtin(func.id, node, ctx)
        if q is not None:
            return self._library(q, node, ctx)
        if isinstance(func, ast.Attribute):
            base = self.expr(func.value, ctx)
            if base.traced and not base.container and base.cls is None and (
                    func.attr in ARRAY_METHODS or func.attr in _PYTHON_METHODS) and (
                    not base.bare or func.attr not in _CONTAINER_METHODS):
                args = [self.expr(a, ctx) for a in node.args]
                for keyword in node.keywords:
                    self.expr(keyword.value, ctx)
                return self._array_method(func.attr, node, base, args, ctx)
            if base.traced or base.diff:
                for arg in node.args:
                    self.expr(arg, ctx)
                for keyword in node.keywords:
                    self.expr(keyword.value, ctx)
                return PYTHON
        callee = self._callable(func, ctx, scope)
        args = [self.expr(a.value if isinstance(a, ast.Starred) else a, ctx) for a in node.args]
        keywords = {k.arg: self.expr(k.value, ctx) for k in node.keywords if k.arg}
        for keyword in node.keywords:
            if keyword.arg is None:
                mapping = self.expr(keyword.value, ctx)
                if mapping.traced or mapping.diff:  # `f(x, **kwargs)`: any name may be traced
                    keywords[_SPREAD] = replace(mapping, container=False, bare=True)
        if callee is None:
            made = self._class_called(func, ctx)
            if made is not None:
                starred = any(isinstance(a, ast.Starred) for a in node.args)
                return Value(cls=made) if starred else self._built(made, args, keywords)
            if isinstance(func, ast.Call):
                self.expr(func, ctx)
            else:
                self.expr(func, ctx) if not isinstance(func, (ast.Name, ast.Attribute)) else None
            if not self._given_function(func, ctx):
                return PYTHON
            # A function the caller gives (a parameter, `self.fn` set from one): of traced
            # arguments, as a library's, a traced result (jaxopt's Bisection calls
            # `self.optimality_fun(x, **kwargs)` and tests its sign in an `if`). A helper
            # imported from elsewhere is not assumed to be one: it may give shapes or dims.
            values = [*args, *keywords.values()]
            return _derived(*[v for v in values if not v.container], *[
                Value(traced=v.traced, diff=v.diff, why=v.why) for v in values if v.container])
        starred = next((i for i, a in enumerate(node.args) if isinstance(a, ast.Starred)), None)
        if starred is not None:  # `f(fun, *args)`: the places from the star on take its items
            rest = args[starred:]
            if not any(v.traced or v.diff for v in rest):
                return PYTHON
            spread = Value(traced=any(v.traced for v in rest), diff=any(v.diff for v in rest),
                           bare=True, why=next((v.why for v in rest if v.why), ""))
            args = args[:starred] + [spread] * (len(callee.target.function.positional) + 1)
        made = self._class_called(func, ctx)
        result = self.apply(callee, args, keywords, node, ctx)
        if made is not None:
            return self._built(made, args, keywords) if starred is None else Value(cls=made)
        return result

    def _given_function(self, func: ast.expr, ctx: _Context) -> bool:
        """``func`` is a parameter, or an attribute of an object of the file's class that
        is not one of its methods: a function the caller gives."""
        if isinstance(func, ast.Name):
            binds = self.p.lookup(ctx.scope, func.id)
            return bool(binds) and all(b.kind == "param" for b in binds)
        if isinstance(func, ast.Attribute):
            base = self.expr(func.value, ctx)
            return base.cls is not None and base.cls.method(func.attr) is None
        return False

    def _built(self, cls: ClassInfo, args: list[Value], keywords: dict[str, Value]) -> Value:
        """An object of ``cls`` made from ``args``: a NamedTuple's fields hold what was
        passed (`out = Output(cost, converged)` in a traced function: `if out.converged`
        needs a tracer's Python value, ott-jax/ott#3), any other class an opaque object."""
        fields = _namedtuple_fields(cls.node, cls.scope.parent or self.p.module, self.p)
        if fields is None:
            return self._flags(cls, args, keywords)
        if len(args) > len(fields):
            return Value(cls=cls)
        items = tuple([*args, *(keywords.get(f, PYTHON) for f in fields[len(args):])])
        traced = [v for v in items if v.traced or v.diff]
        return Value(traced=any(v.traced for v in items), diff=any(v.diff for v in items),
                     container=True, why=traced[0].why if traced else "", cls=cls,
                     items=items, fields=tuple(fields))

    def _flags(self, cls: ClassInfo, args: list[Value], keywords: dict[str, Value]) -> Value:
        """An object of a plain class, with the attributes its `__init__` sets once from a
        parameter that this call makes false (`check_bracket=False`): `if self.check_bracket:`
        does not run (jaxopt's Bisection, whose maintainers advise that flag under `vmap`)."""
        init = cls.method("__init__")
        if init is None or not init.positional:
            return Value(cls=cls)
        passed = dict(zip(init.positional[1:], args)) | keywords
        names, items = [], []
        for attribute, param in _stored_once(cls, init.positional[0]).items():
            value = passed.get(param)
            if value is None and param not in passed:
                default = init.default(param)
                value = FALSY if isinstance(default, ast.Constant) and not default.value and \
                    not isinstance(default.value, str) else None
            if value is not None and value.falsy:
                names.append(attribute)
                items.append(value)
        return Value(cls=cls, fields=tuple(names), items=tuple(items))

    def _class_called(self, func: ast.expr, ctx: _Context) -> ClassInfo | None:
        """The class of the file ``func`` names (a call of it makes an object)."""
        if isinstance(func, ast.Name):
            value = self.lookup(func.id, ctx)
            if value.cls is not None and value.function is None:
                bind = self.p.single(ctx.scope, func.id)
                if bind is not None and bind.kind == "class":
                    return value.cls
        return None

    def _callable(self, func: ast.expr, ctx: _Context | None, scope: Scope) -> Callee | None:
        """The callable of the file ``func`` is: a def, lambda, method, a callable object,
        `partial(...)` of one, or a transformation applied to one."""
        p = self.p
        if ctx is not None and isinstance(func, ast.Name):
            known = self._env_function(func.id, ctx)
            if known is not None:
                return known
        if isinstance(func, ast.Call):
            q = p.qualified(func.func, scope)
            if q in TRACERS and func.args:
                inner = self._callable(func.args[0], ctx, scope)
                if inner is not None:
                    return replace(inner, transforms=((q, _keywords(func, q)),
                                                      *inner.transforms))
                return None
            if q in PARTIALS and func.args:
                inner = self._callable(func.args[0], ctx, scope)
                if inner is not None and not inner.transforms:
                    where = ctx or self._top(scope)
                    bound = tuple(self.expr(a, where) for a in func.args[1:])
                    keywords = tuple((k.arg, self.expr(k.value, where))
                                     for k in func.keywords if k.arg)
                    return replace(inner, bound=inner.bound + bound,
                                   bound_keywords=inner.bound_keywords + keywords)
                return None
            if ctx is not None:  # `make_step(cfg)`: the function a factory of the file returns
                made = self.expr(func, ctx)
                if made.function is not None:
                    return made.function
        if isinstance(func, ast.Name):
            # A name bound more than once is left alone: which binding a branch traced by
            # `cond` sees, and what its `is None` tests take, is not known here (jax_md's
            # `neighbor_fn = partial(neighbor_fn, max_occupancy=...)`).
            if len(p.lookup(scope, func.id)) != 1:
                return None
            bind = p.single(scope, func.id)
            if bind is not None and bind.kind == "assign" and isinstance(bind.value, ast.Call):
                value = bind.value
                q = p.qualified(value.func, bind.scope or scope)
                if q in TRACERS or q in PARTIALS:
                    return self._callable(value, None, bind.scope or scope)
        if isinstance(func, ast.Attribute):
            base = self.expr(func.value, ctx or self._top(scope))
            if base.cls is None and ctx is None:
                # `jax.jit(jax.grad(model.loss))` with `model = Rollout(...)` in the caller:
                # the name's class, from what the file binds it to.
                owner = p.object_class(func.value, scope)
                if owner is not None and owner[1]:
                    base = replace(base, cls=owner[0])
            if base.cls is not None:
                method = base.cls.method(func.attr)
                if method is not None:
                    kinds = {dotted(d) for d in method.decorators}
                    if "staticmethod" in kinds:
                        return Callee(Target(method))
                    if kinds - {"classmethod"}:
                        return None
                    return Callee(Target(method, True, base.cls), receiver=base)
                return None
        targets = p.targets(func, scope)
        if len(targets) == 1 and not targets[0].partial_args and not targets[0].partial_keywords:
            return self._decorated(Callee(targets[0]))
        return None

    def _decorated(self, callee: Callee) -> Callee:
        """A def's tracing decorators, as transformations of the callee (innermost last)."""
        function = callee.target.function
        found = []
        for decorator in function.decorators:
            how = self.p.decorator_transform(
                decorator, function.parent or self.p.module, TRACERS)
            if how is not None:
                found.append(how)
        if not found:
            return callee
        return replace(callee, transforms=(*callee.transforms, *found))

    def _env_function(self, name: str, ctx: _Context) -> Callee | None:
        current: _Context | None = ctx
        while current is not None:
            if name in current.env:
                value = current.env[name]
                if value.function is not None:
                    return value.function
                if value.cls is not None:
                    call = value.cls.method("__call__")
                    return Callee(Target(call, True, value.cls)) if call else None
                return None
            current = current.parent
        return None

    def apply(self, callee: Callee, args: list[Value], keywords: dict[str, Value],
              node: ast.Call, ctx: _Context) -> Value:
        """The value of calling ``callee`` with these arguments; its code analysed."""
        target = callee.target
        function = target.function
        grad = ctx.grad
        traced_fn = ctx.traced_fn
        staged = ctx.staged or any(q in STAGING for q, _ in callee.transforms)
        how_all = None
        static: frozenset = frozenset()
        argnums = None
        for q, transform_keywords in reversed(callee.transforms):
            if q in REVERSE and not grad:
                grad = _origin(q, function)
            traced_fn = True
            how_all = q
            positional = function.positional[1:] if target.bound_self else function.positional
            static = static | _static_parameters(
                function, list(transform_keywords), target.bound_self) | \
                _unmapped(q, list(transform_keywords), positional)
            argnums = next((k.value for k in transform_keywords if k.arg == "argnums"), None)
        params = list(function.positional)
        passed: dict[str, Value] = {}
        if target.bound_self and params:
            passed[params[0]] = callee.receiver or Value(cls=target.cls)
            params = params[1:]
        values = [*callee.bound, *args]
        for name, value in zip(params, values):
            passed[name] = value
        star = getattr(function.node, "args", None)
        star = star.vararg.arg if star is not None and star.vararg is not None else None
        if star is not None and len(values) > len(params):  # `def f(fun, *args)`: a tuple
            rest = values[len(params):]
            if any(v.traced or v.diff for v in rest):
                passed[star] = Value(traced=any(v.traced for v in rest),
                                     diff=any(v.diff for v in rest), container=True,
                                     why=next((v.why for v in rest if v.why), None))
        spread = keywords.get(_SPREAD)
        extra = [v for k, v in keywords.items() if k != _SPREAD and k not in function.params]
        for name, value in (*callee.bound_keywords, *keywords.items()):
            if name in function.params:
                passed[name] = value
        if spread is not None:  # (a bound `self` is in `passed` already)
            for name in function.params:
                if name not in passed and function.default(name) is None:
                    passed[name] = spread
        double = getattr(function.node, "args", None)
        double = double.kwarg.arg if double is not None and double.kwarg is not None else None
        rest = [v for v in (*extra, spread) if v is not None and (v.traced or v.diff)]
        if double is not None and rest:  # `def run(**kwargs)`: a dict of what is left over
            passed[double] = Value(traced=any(v.traced for v in rest),
                                   diff=any(v.diff for v in rest), container=True,
                                   why=next((v.why for v in rest if v.why), None))
        if how_all is not None:
            fixed = set(dict(callee.bound_keywords))
            fixed.update(params[:len(callee.bound)])
            static = static | frozenset(fixed)
            env = self._parameters(function, how_all, static, passed, argnums,
                                   target.bound_self)
            for name, value in passed.items():
                if value.cls is not None or value.function is not None:
                    env[name] = value
                elif name in env and env[name].traced and value.traced and value.why:
                    env[name] = replace(env[name], why=value.why, diff=env[name].diff or
                                        value.diff)
                elif name in env and value.diff:
                    env[name] = replace(env[name], diff=True)
            self._inner_transforms(env, function, callee.transforms[1:], passed, fixed,
                                   target.bound_self)
        else:
            env = {name: passed.get(name, PYTHON) for name in (
                *function.params, *([star] if star in passed else []),
                *([double] if double in passed else []))}
            env = {k: (replace(v, bare=False) if v.bare and not v.traced else v)
                   for k, v in env.items()}
        parent = ctx if function.within(ctx.scope) and function is not ctx.scope else \
            self._parent_for(function, callee.closure) or self._parent_for(function, ctx)
        inner = self._analyse(function, env, parent, grad, traced_fn, ctx.depth + 1, staged)
        if inner.reads_diff_closure and parent is not None:
            ctx.reads_diff_closure = True
        result = inner.returned
        if how_all is not None and (result.traced or any(v.traced for v in passed.values())):
            result = replace(result, traced=result.traced or ctx.traced_fn)
        return replace(result, bare=False) if result.bare else result

    def _parent_for(self, function: Scope, ctx: _Context) -> _Context | None:
        """The context a nested function's free names are read in."""
        current: _Context | None = ctx
        while current is not None:
            if function.within(current.scope) and function is not current.scope:
                return current
            current = current.parent
        return None

    def _builtin(self, name: str, node: ast.Call, ctx: _Context) -> Value:
        args = [self.expr(a.value if isinstance(a, ast.Starred) else a, ctx) for a in node.args]
        for keyword in node.keywords:
            self.expr(keyword.value, ctx)
        if name in ("int", "float", "complex", "bool", "round", "hex", "oct", "chr",
                    "operator.index") and args:
            value = args[0]
            self._needs_python(node.args[0], value, ctx, f"`{name}()` of it",
                               bare_too=name != "bool")
            return PYTHON
        if name == "range":
            for arg, value in zip(node.args, args):
                self._needs_python(arg, value, ctx, "`range()` of it", bare_too=True)
            return PYTHON
        if name in ("len", "isinstance", "hasattr", "getattr", "type", "callable", "id",
                    "print", "repr", "str", "issubclass", "vars", "dir"):
            return PYTHON
        if name in ("max", "min", "sorted") and not _has_keyword(node, "key"):
            # They compare their values with `<`: Python needs each comparison's truth
            # (https://github.com/jax-ml/jax/pull/16430).
            for arg, value in zip(node.args, args):
                if isinstance(arg, ast.Starred):
                    continue
                if len(node.args) == 1 and value.container and value.traced:
                    self._event("python", arg, f"`{name}()` of it (it compares the items)",
                                arg, value, ctx)
                else:
                    self._needs_python(arg, value, ctx, f"`{name}()` of it (it compares)")
        if name in ("max", "min", "sum", "abs", "tuple", "list", "sorted", "reversed",
                    "zip", "enumerate", "map", "filter", "divmod", "pow"):
            result = PYTHON
            for value in args:
                result = _union(result, value) if not value.cls else result
            if name in ("tuple", "list", "zip", "enumerate", "map", "filter", "sorted",
                        "reversed") and (result.traced or result.diff):
                return Value(traced=result.traced, diff=result.diff, container=True,
                             why=result.why)
            return replace(result, bare=False) if result.bare else result
        return PYTHON

    def _array_method(self, name: str, node: ast.Call, base: Value, args: list[Value],
                      ctx: _Context) -> Value:
        if name in ("item", "tolist", "__index__", "__int__", "__float__", "__bool__"):
            self._needs_python(node, base, ctx, f"`.{name}()` of it", bare_too=True)
            return PYTHON
        if name == "nonzero" and not _has_keyword(node, "size"):
            self._event("shape", node, "`.nonzero()` without `size=`", node.func, base, ctx)
        if name == "reshape":
            for arg, value in zip(node.args, args):
                if value.traced and not value.container:
                    self._event("shape", arg, "`.reshape()`", arg, value, ctx)
        if name in ("block_until_ready", "copy_to_host_async", "addressable_data"):
            return PYTHON
        boolean = name in ("any", "all")
        return _derived(base, *args, boolean=boolean)

    def _library(self, q: str, node: ast.Call, ctx: _Context) -> Value:
        if q in LOOPS or q in BRANCHES:
            return self._loop(node, q, ctx)
        if q in TRACERS:
            # `jax.jit(f)` not called here: the callable, traced where it is called
            for arg in node.args[1:]:
                self.expr(arg, ctx)
            callee = self._callable(node, ctx, ctx.scope)
            return Value(function=callee) if callee else PYTHON
        if q in PARTIALS:
            callee = self._callable(node, ctx, ctx.scope)
            if callee is not None:
                return Value(function=callee)
        if q in TREE_MAPS and node.args:
            trees = [self.expr(a, ctx) for a in node.args[1:]]
            callee = self._callable(node.args[0], ctx, ctx.scope)
            if callee is not None:
                leaves = [Value(traced=True, diff=t.diff, why=t.why, bare=True) if t.traced
                          else _derived(t) for t in trees]
                self.apply(callee, leaves, {}, node, ctx)
            traced = [t for t in trees if t.traced or t.diff]
            return Value(traced=any(t.traced for t in trees), diff=any(t.diff for t in trees),
                         why=traced[0].why if traced else "") if traced else PYTHON
        args = [self.expr(a.value if isinstance(a, ast.Starred) else a, ctx) for a in node.args]
        keywords = {k.arg: self.expr(k.value, ctx) for k in node.keywords if k.arg}
        for keyword in node.keywords:
            if keyword.arg is None:
                self.expr(keyword.value, ctx)
        last = q.rsplit(".", 1)[-1]
        if q.startswith("math.") and args:
            for arg, value in zip(node.args, args):
                self._needs_python(arg, value, ctx, f"`{q}()` of it", bare_too=True)
            return PYTHON
        if q.startswith("numpy.") and last not in NUMPY_STATIC and not q.startswith(
                "numpy.random"):
            for arg, value in zip(node.args, args):
                if value.traced and not value.container:
                    self._needs_python(arg, value, ctx, f"NumPy's `{last}()` of it",
                                       bare_too=True)
                    break
            return PYTHON
        if not q.startswith(ARRAY_NAMESPACES) or (q.startswith("jax.lax.") and
                                                  last in LAX_STATIC):
            if q.startswith(("jax.numpy.", "jax.lax.")):
                self._shape_arguments(q, node, args, keywords, ctx)
            return PYTHON
        if q.startswith("jax.numpy.") or q.startswith("jax.lax.") or q.startswith("jax.nn.") \
                or q.startswith("jax.scipy.") or q.startswith("jax.random."):
            self._shape_arguments(q, node, args, keywords, ctx)
        if last in STATIC_FUNCTIONS and q.startswith("jax.numpy."):
            return PYTHON
        if q.startswith("jax.numpy.") and last in SIZED and not _has_keyword(node, "size") \
                and args and args[0].traced:
            self._event("shape", node, f"`{_short(q)}` without `size=`", node.args[0],
                        args[0], ctx)
        if q == "jax.numpy.where" and len(node.args) == 1 and not node.keywords and args[0].traced:
            self._event("shape", node, "one-argument `jnp.where` (without `size=`)",
                        node.args[0], args[0], ctx)
        if q.startswith(("jax.tree_util.tree_structure", "jax.tree.structure",
                         "jax.tree_util.tree_leaves", "jax.tree.leaves")):
            if q.endswith("leaves"):
                traced = [v for v in args if v.traced]
                return Value(traced=True, container=True, why=traced[0].why) if traced else \
                    PYTHON
            return PYTHON
        if q.startswith(("jax.debug.", "jax.device_get", "jax.block_until_ready")):
            return PYTHON
        boolean = q.startswith("jax.numpy.") and last in BOOLEAN_FUNCTIONS
        values = [*args, *keywords.values()]
        result = _derived(*[v for v in values if not v.container], *[
            Value(traced=v.traced, diff=v.diff, why=v.why) for v in values if v.container],
            boolean=boolean)
        if ctx.staged and not result.traced and q not in CONCRETE_COLLECTIVES:
            return Value(traced=True, boolean=boolean, why=f"`{_short(q)}()` in code JAX stages "
                         "into a jaxpr, which makes a tracer even of Python values")
        return result

    def _shape_arguments(self, q: str, node: ast.Call, args: list[Value],
                         keywords: dict[str, Value], ctx: _Context) -> None:
        names = SHAPE_PARAMETERS.get(q)
        last = q.rsplit(".", 1)[-1]
        if names is None and q.startswith("jax.random.") and last in DRAW_SHAPES:
            names = tuple([None] * DRAW_SHAPES[last] + ["shape"])
        if names is None:
            return
        for index, name in enumerate(names):
            if name is None:
                continue
            found = None
            if index < len(node.args) and not isinstance(node.args[index], ast.Starred):
                found = (node.args[index], args[index])
            elif name in keywords:
                found = (next(k.value for k in node.keywords if k.arg == name), keywords[name])
            if found is None:
                continue
            expr, value = found
            if value.traced:
                self._event("shape", expr, f"`{_short(q)}`'s `{name}`", expr, value, ctx,
                            fix=(q, node) if q == "jax.numpy.arange" else None)

    # -- loops ------------------------------------------------------------------------
    def _loop(self, node: ast.Call, q: str, ctx: _Context) -> Value:
        """A loop (or `cond`) call: its bodies run traced with its values."""
        kind = LOOPS.get(q) or q.rsplit(".", 1)[-1]
        self._analysed_entries.add(id(node))
        args = list(node.args)
        named = {k.arg: k.value for k in node.keywords if k.arg}
        order = {"fori_loop": ("lower", "upper", "body_fun", "init_val"),
                 "while_loop": ("cond_fun", "body_fun", "init_val"),
                 "scan": ("f", "init", "xs", "length"),
                 "map": ("f", "xs"), "cond": ("pred", "true_fun", "false_fun"),
                 "switch": ("index", "branches"), "select_n": ()}[kind]
        bound = {name: args[i] for i, name in enumerate(order) if i < len(args)}
        bound.update({k: v for k, v in named.items() if k in order or k == "length"})
        values = {name: self.expr(expr, ctx) for name, expr in bound.items()
                  if name not in ("body_fun", "cond_fun", "f", "true_fun", "false_fun",
                                  "branches")}
        extra = [self.expr(a, ctx) for a in args[len(order):]]
        carried = values.get("init_val", values.get("init", PYTHON))
        carry = _leaves_traced(carried, f"the carry of this `{kind}`")
        diff_closure = False
        if kind == "fori_loop":
            index = Value(traced=True, why="the `fori_loop` index")
            diff_closure |= self._body(bound.get("body_fun"), [index, carry], ctx)
        elif kind == "while_loop":
            diff_closure |= self._body(bound.get("cond_fun"), [carry], ctx)
            diff_closure |= self._body(bound.get("body_fun"), [carry], ctx)
        elif kind == "scan":
            xs = bound.get("xs")
            has_xs = xs is not None and not (isinstance(xs, ast.Constant) and xs.value is None)
            element = Value(traced=True, diff=values.get("xs", PYTHON).diff, bare=True,
                            why="a slice of this `scan`'s `xs`") if has_xs else PYTHON
            diff_closure |= self._body(bound.get("f"), [carry, element], ctx)
            if "length" in values and values["length"].traced:
                self._event("shape", bound["length"], "`scan`'s `length`", bound["length"],
                            values["length"], ctx)
        elif kind == "map":
            element = Value(traced=True, diff=values.get("xs", PYTHON).diff, bare=True,
                            why="an element this `map` maps over")
            self._body(bound.get("f"), [element], ctx)
        elif kind in ("cond", "switch"):
            operands = [Value(traced=True, diff=v.diff, bare=True, why="an operand of this "
                              f"`{kind}`") if v.traced or v.diff else PYTHON for v in extra]
            for role in ("true_fun", "false_fun"):
                self._body(bound.get(role), operands, ctx)
            branches = bound.get("branches")
            if isinstance(branches, (ast.List, ast.Tuple)):
                for branch in branches.elts:
                    self._body(branch, operands, ctx)
            return _derived(*extra) if ctx.traced_fn else PYTHON
        if ctx.grad and kind in ("while_loop", "fori_loop"):
            differentiated = carried.diff or diff_closure
            if kind == "while_loop" and differentiated:
                self._event("grad", node, "`while_loop`", node.func, carried, ctx)
            elif kind == "fori_loop" and differentiated:
                bounds = [values.get("lower", PYTHON), values.get("upper", PYTHON)]
                traced = [b for b in bounds if b.traced]
                if traced:
                    where = bound["upper"] if values.get("upper", PYTHON).traced else \
                        bound["lower"]
                    self._event("grad", node, "`fori_loop` with traced bounds", where,
                                traced[0], ctx)
        result_traced = ctx.traced_fn or carried.traced
        if not result_traced and not carried.diff:
            return PYTHON
        return Value(traced=result_traced, diff=carried.diff or diff_closure, bare=True,
                     why=f"the result of this `{kind}`")

    def _body(self, expr: ast.expr | None, params: list[Value], ctx: _Context) -> bool:
        """Analyse a loop body with its parameters; whether it read a differentiated value
        from outside."""
        if expr is None:
            return False
        callee = self._callable(expr, ctx, ctx.scope)
        if callee is None:
            return False
        function = callee.target.function
        positional = list(function.positional)
        env: dict[str, Value] = {}
        if callee.target.bound_self and positional:
            env[positional.pop(0)] = Value(cls=callee.target.cls)
        values = [*callee.bound, *params]
        for name, value in zip(positional, values):
            env[name] = value
        for name, value in callee.bound_keywords:
            env[name] = value
        for name in function.params:
            env.setdefault(name, PYTHON)
        parent = self._parent_for(function, ctx)
        inner = self._analyse(function, env, parent, ctx.grad, True, ctx.depth + 1,
                              staged=True)
        read_outside = inner.reads_diff_closure or any(v.diff for v in callee.bound) or any(
            v.diff for _, v in callee.bound_keywords)
        if parent is not None and read_outside:
            ctx.reads_diff_closure = ctx.reads_diff_closure or parent is not ctx
        return read_outside


_SPREAD = "**"  # the keywords' key for `**mapping` of a traced value


def _closure_key(parent: _Context | None) -> tuple:
    if parent is None:
        return ()
    return tuple(sorted((k, v.key()) for k, v in parent.env.items() if v.traced or v.diff))


# Attributes of an array that are arrays.
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag", "at", "flat"})
# Methods of Python containers too: on a parameter that may be a pytree, they say nothing.
_CONTAINER_METHODS = frozenset({"get", "copy", "items", "keys", "values", "update", "pop",
                                "count", "index", "sort", "set", "add", "apply", "view",
                                "take", "repeat"})
# Methods that ask a traced array for a Python value.
_PYTHON_METHODS = frozenset({"item", "tolist", "__index__", "__int__", "__float__", "__bool__"})


def _stored_once(cls: ClassInfo, self_name: str) -> dict[str, str]:
    """The attributes `__init__` sets to one of its parameters (`self.flag = flag`) that no
    other statement of the class assigns: attribute -> parameter."""
    stored: dict[str, str] = {}
    assigned: dict[str, int] = {}
    for node in ast.walk(cls.node):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) and \
                        leaf.value.id == self_name:
                    assigned[leaf.attr] = assigned.get(leaf.attr, 0) + 1
                    if isinstance(node, ast.Assign) and leaf is target and isinstance(
                            node.value, ast.Name):
                        stored[leaf.attr] = node.value.id
    return {a: p for a, p in stored.items() if assigned[a] == 1}


def _leaves_traced(value: Value, why: str) -> Value:
    """What a loop body gets for the initial value ``value``: every leaf a tracer (a Python
    number in a carry too), the structure of a displayed tuple or a NamedTuple kept, so that
    `params, state = carry; state.failed` is a tracer (jaxopt#350)."""
    if value.items:
        items = tuple(_leaves_traced(v, why) for v in value.items)
        return Value(traced=True, diff=value.diff, container=True, items=items,
                     fields=value.fields, cls=value.cls if value.fields else None, why=why)
    # (a leaf known to be an array stays one; anything else may be a pytree or None)
    array = value.traced and not (value.bare or value.container or value.cls)
    return Value(traced=True, diff=value.diff, bare=not array, why=why)


def leaf_fields_of(program: Program) -> frozenset[str]:
    """Field names only the file's NamedTuple classes have (no other class of the file
    declares or assigns them): a traced value's such field is a traced leaf. (Read from
    the syntax tree: the model builds classes lazily.)"""
    fields: set[str] = set()
    others: set[str] = set()
    for node in ast.walk(program.tree):
        if not isinstance(node, ast.ClassDef):
            continue
        named = _namedtuple_fields(node, program.module, program)
        if named is not None:
            fields.update(named)
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.AnnAssign) and isinstance(inner.target, ast.Name):
                others.add(inner.target.id)
            elif isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store):
                others.add(inner.attr)
    return frozenset(fields - others)


def _namedtuple_fields(node: ast.ClassDef, owner: Scope, program: Program) -> list[str] | None:
    """The field names of a `typing.NamedTuple` class of the file (defined in ``owner``), in
    order, or None."""
    if not any(program.qualified(base, owner) in NAMEDTUPLES for base in node.bases):
        return None
    return [s.target.id for s in node.body
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def _is_at(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Attribute) and expr.attr == "at"


def _boolop(node: ast.BoolOp) -> str:
    return "and" if isinstance(node.op, ast.And) else "or"


def _has_keyword(node: ast.Call, name: str) -> bool:
    return any(k.arg == name for k in node.keywords)


def _keyword(node: ast.AST, name: str) -> ast.expr | None:
    for keyword in getattr(node, "keywords", ()):
        if keyword.arg == name:
            return keyword.value
    return None


def _argnums(expr: ast.expr | None) -> frozenset[int]:
    if expr is None:
        return frozenset({0})
    if isinstance(expr, ast.Constant) and isinstance(expr.value, int):
        return frozenset({expr.value})
    if isinstance(expr, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, int) for e in expr.elts):
        return frozenset(e.value for e in expr.elts)  # type: ignore[attr-defined]
    return frozenset(range(64))  # not literal: any may be differentiated


def _static_parameters(scope: Scope, keywords: list[ast.keyword],
                       bound_self: bool = False) -> frozenset[str]:
    """The parameters `static_argnums`/`static_argnames` (literal) make Python values; all
    of them when those are not literal. ``bound_self``: the transformation was given a bound
    method (`jax.jit(obj.draw, static_argnums=1)`), whose argument numbers skip `self`."""
    found: set[str] = set()
    positional = scope.positional[1:] if bound_self else scope.positional
    for keyword in keywords:
        value = keyword.value
        if keyword.arg == "static_argnames":
            names = [value] if isinstance(value, ast.Constant) else getattr(value, "elts", None)
            if names is None or not all(isinstance(n, ast.Constant) for n in names):
                return frozenset(scope.params)
            found.update(str(n.value) for n in names)  # type: ignore[attr-defined]
        elif keyword.arg in ("static_argnums", "static_broadcasted_argnums"):  # (pmap's)
            numbers = [value] if isinstance(value, ast.Constant) else getattr(value, "elts", None)
            if numbers is None or not all(isinstance(n, ast.Constant) and isinstance(n.value, int)
                                          for n in numbers):
                return frozenset(scope.params)
            for number in numbers:
                index = number.value  # type: ignore[attr-defined]
                if -len(positional) <= index < len(positional):
                    found.add(positional[index])
        elif keyword.arg in ("donate_argnums", "donate_argnames", "in_axes", "out_axes",
                             "argnums", "has_aux", "in_shardings", "out_shardings",
                             "axis_name", "holomorphic", "allow_int", "reduce_axes",
                             "axis_size", "spmd_axis_name", "keep_unused", "device",
                             "backend", "inline", "abstracted_axes", "compiler_options",
                             "policy", "prevent_cse",
                             "mesh", "in_specs", "out_specs", "check_rep", "check_vma",
                             "auto", "axis_names", "return_shape", "graph", "graph_updates"):
            continue
        else:
            continue
    return frozenset(found)


def _keywords(call: ast.AST, how: str) -> tuple:
    """A transformation call's keywords, `vmap`'s and `pmap`'s positional `in_axes` too."""
    keywords = tuple(getattr(call, "keywords", ()))
    args = getattr(call, "args", ())
    if how.endswith(("vmap", "pmap")) and len(args) > 1:
        keywords += (ast.keyword(arg="__in_axes__", value=args[1]),)
    return keywords


def _unmapped(how: str, keywords: list[ast.keyword], params: list[str]) -> frozenset[str]:
    """The parameters a `vmap`'s `in_axes` leaves unmapped (`None`): Python values. All of
    them when `in_axes` is not literal (what is mapped is not known)."""
    if not how.endswith(("vmap", "pmap")):
        return frozenset()
    axes = next((k.value for k in keywords if k.arg in ("in_axes", "__in_axes__")), None)
    if axes is None or (isinstance(axes, ast.Constant) and isinstance(axes.value, int)):
        return frozenset()
    if isinstance(axes, (ast.Tuple, ast.List)):
        return frozenset(name for name, axis in zip(params, axes.elts)
                         if not (isinstance(axis, ast.Constant) and isinstance(axis.value, int)))
    return frozenset(params)


def _origin(how: str, function: Scope) -> str:
    """What a reverse-mode transformation differentiates, for messages; "" for others."""
    return f"`{_short(how)}` of `{function.name}`" if how in REVERSE else ""


def _short(q: str) -> str:
    for long, short in (("jax.numpy.", "jnp."), ("jax.lax.", "lax."), ("flax.nnx.", "nnx."),
                        ("equinox.", "eqx."), ("jax.random.", "jax.random.")):
        if q.startswith(long):
            return short + q[len(long):]
    return q


def _tracing(program: Program) -> Tracing:
    found = program.__dict__.get("_tracing")
    if found is None:
        found = Tracing(program)
        found.found = found.run()
        program.__dict__["_tracing"] = found  # (only once it ran: a failure is not memoised)
    return found


def tracing_events(program: Program) -> list[Event]:
    """Every event of the file, computed once per program."""
    return _tracing(program).found


def traced_scopes(program: Program) -> set[int]:
    """The ids of the defs and lambdas the file shows JAX tracing (a transformation's
    function, a loop body, what they call with traced values)."""
    return _tracing(program).traced_scopes
