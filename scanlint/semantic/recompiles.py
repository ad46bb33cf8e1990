"""What makes JAX trace and compile again where the code shows it (issue 32; read by SCN306,
SCN307, SCN308 and SCN309), on the file's program (`program.py`).

JAX keeps what it traced and compiled per function object (and per static argument value,
and per argument shape): `jax.jit` (`pmap`, NNX's and equinox's jits) keys its cache by the
function it wraps, and a `lax.scan`, `fori_loop` or `while_loop` run outside `jit` keys its
trace by its body. A function made anew at each call or loop iteration (a lambda, a def
inside the function, a `functools.partial`, what `jax.value_and_grad(f)` returns, an object
of a class without value equality) is a new key each time: everything is traced and compiled
again. So is a static argument that does not compare equal to the last one, and an
argument whose shape changes.

Only what the file shows is reported: a function made in the loop that applies it, or in a
function the file calls from a Python loop (the same call repeated), whose result is used
there and not kept (returned, stored, passed on); code the file shows JAX tracing
(`tracing.py`) is left out (a jit inside a traced function compiles with it, once).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from scanlint.semantic.program import PARTIALS, CallSite, ClassInfo, Program, Scope
from scanlint.semantic.tracing import (ENTRY_WORDS, TRACERS, _keywords, _static_parameters,
                                       traced_scopes)

# What compiles the function it is given, keyed by that function.
COMPILING = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap",
                       "flax.nnx.jit", "flax.nnx.pmap", "equinox.filter_jit",
                       "equinox.filter_pmap"})
# Calls that make a new callable each time they run.
MAKERS = frozenset(TRACERS) | PARTIALS | {"jax.tree_util.Partial"}
# Calls whose result compares by identity though built from the same values: optax's
# transformations are tuples of fresh closures.
IDENTITY_FACTORIES = ("optax.",)


@dataclass(frozen=True)
class Fresh:
    """A callable (or object) made anew each time some code runs."""

    what: str  # for messages: "a lambda", "the function `step` defined here", ...
    made: ast.AST  # the expression or statement that makes it
    loops: tuple  # the loops of its function around where it is made
    scope: Scope  # the function (or module) it is made in


@dataclass(frozen=True)
class Repeated:
    """A place made anew: at every iteration of ``loop``, or at every call of ``function``
    (called in a loop at ``call``)."""

    loop: ast.AST | None = None
    function: Scope | None = None
    call: CallSite | None = None


def fresh(program: Program, expr: ast.expr, scope: Scope, depth: int = 0,
          static: bool = False) -> Fresh | None:
    """What ``expr`` (read in ``scope``) is, when it is a callable or object made anew
    each time the code making it runs, in a function (not at module level). As a function
    (``static`` False) any new object is a new key: JAX keeps the function it traced by a
    weak reference, so the last one is gone when the next, equal or not, comes. As a static
    argument (``static``), an object of a class with value equality finds the last one."""
    if depth > 3:
        return None
    function = scope.function
    site = program.call_at.get(id(expr))
    loops = site.loops if site is not None else _loops_at(program, expr, scope)
    if isinstance(expr, ast.Lambda):
        return Fresh("a lambda", expr, loops, scope) if function else None
    if isinstance(expr, ast.Call):
        q = program.qualified(expr.func, scope)
        if function is None:
            return None
        if q in PARTIALS:
            return Fresh("a `functools.partial`", expr, loops, scope)
        if q in MAKERS:
            short = q.rsplit(".", 1)[-1]
            return Fresh(f"the function `{short}(...)` returns", expr, loops, scope)
        if q is not None and q.startswith(IDENTITY_FACTORIES):
            return Fresh(f"the `{program.source(expr.func)}(...)` object, which compares by "
                         "identity", expr, loops, scope)
        made = _factory(program, expr, scope)
        if made is not None and not static:
            return Fresh(f"the function `{made}(...)` returns, a new one at each call", expr,
                         loops, scope)
        cls = program.instance_class(expr, scope)
        if cls is not None and not static:
            return Fresh(f"a new `{cls.name}` object", expr, loops, scope)
        if cls is not None and not value_equality(program, cls):
            return Fresh(f"a new `{cls.name}` object (its class defines no `__eq__`)", expr,
                         loops, scope)
        return None
    if isinstance(expr, ast.Attribute) and function is not None and not static:
        # `jax.jit(self.step)`: reading a method makes a new bound method every time
        targets = program.targets(expr, scope)
        if len(targets) == 1 and targets[0].bound_self or not targets and _only_a_method(
                program, expr, scope):
            return Fresh(f"the bound method `{program.source(expr)}` (a new object at every "
                         "read of it)", expr, loops, scope)
        return None
    if isinstance(expr, ast.Name):
        bind = program.reaching(scope, expr)
        if bind is None:
            return None
        owner = bind.scope
        if owner is None or owner.kind != "function":
            return None  # bound at module level or in a class: made once
        if bind.kind == "def":
            return Fresh(f"the function `{expr.id}` defined here", bind.node, bind.loops, owner)
        if bind.kind == "assign" and bind.value is not None and isinstance(bind.target, ast.Name):
            found = fresh(program, bind.value, owner, depth + 1, static)
            if found is not None:
                return Fresh(found.what, bind.node, bind.loops, owner)
    return None


def _factory(program: Program, call: ast.Call, scope: Scope) -> str | None:
    """The name of the function of the file ``call`` calls when it returns a def or lambda
    it makes (a wrapper, `quaxify(fn)`: unxt's jit of it never hit its cache), and does not
    cache what it returns (`functools.cache`)."""
    targets = program.targets(call.func, scope)
    if len(targets) != 1 or targets[0].function.is_lambda:
        return None
    function = targets[0].function
    node = function.node
    if any("cache" in program.source(d) for d in getattr(node, "decorator_list", ())):
        return None
    nested = {n.name for n in ast.walk(node) if n is not node and isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for statement in ast.walk(node):
        value = statement.value if isinstance(statement, ast.Return) else None
        if isinstance(value, ast.Lambda) or isinstance(value, ast.Name) and \
                value.id in nested or isinstance(value, ast.Call) and \
                program.qualified(value.func, function) in MAKERS:
            return function.name
    return None


def _only_a_method(program: Program, expr: ast.Attribute, scope: Scope) -> bool:
    """`source.draw` on an object the file does not show the class of (a parameter, a
    local), where `draw` can only be a method: every class of the file naming it defines it
    as a plain method, one at least does, and no code of the file assigns that attribute
    (https://github.com/jax-ml/jax/issues/15338)."""
    if not isinstance(expr.value, ast.Name):
        return False
    binds = program.lookup(scope, expr.value.id)
    if not binds or any(b.kind not in ("param", "assign", "loop") for b in binds):
        return False
    program.ensure_all()
    kinds = []
    for info in program.classes.values():
        for bind in info.scope.bindings.get(expr.attr, ()):
            plain = bind.kind == "def" and not any(
                program.source(d) in ("staticmethod", "property") or program.source(
                    d).endswith(".setter") for d in bind.node.decorator_list)
            kinds.append(plain)
    if not kinds or not all(kinds):
        return False
    stored = program.__dict__.get("_stored_attributes")
    if stored is None:
        stored = program.__dict__["_stored_attributes"] = {
            node.attr for node in ast.walk(program.module.node)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)}
    return expr.attr not in stored


def _loops_at(program: Program, expr: ast.AST, scope: Scope) -> tuple:
    """The loops around an expression: those of the call holding it."""
    current = program.parents.get(id(expr))
    while current is not None:
        site = program.call_at.get(id(current))
        if site is not None:
            return site.loops
        current = program.parents.get(id(current))
    return ()


def value_equality(program: Program, cls: ClassInfo) -> bool:
    """Whether objects of ``cls`` may compare equal by value: it (or a base the file does
    not show) defines `__eq__`, or it is a dataclass or a NamedTuple."""
    if cls.defines("__eq__"):
        return True
    for base in cls.node.bases:
        if isinstance(base, ast.Name) and program.single(cls.scope.parent or program.module,
                                                         base.id) is not None:
            bind = program.single(cls.scope.parent or program.module, base.id)
            if bind is not None and bind.kind == "class":
                info = program.class_info(bind.node)
                if info is not None and value_equality(program, info):
                    return True
                continue
        return True  # a base the file does not show may define it
    return any("dataclass" in (program.source(d)) or "struct" in program.source(d)
               for d in cls.node.decorator_list)


def repeated(program: Program, made: Fresh, site: CallSite) -> Repeated | None:
    """Where ``made`` is made anew for the call ``site`` that uses it: at each iteration of
    a loop around both, or at each call of the function making it, which the file calls in
    a Python loop from code JAX does not trace."""
    for loop in reversed(site.loops):
        if loop in made.loops and isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
            # A loop over a display compiles once per listed configuration, as it asks
            # (a benchmark over `for depth in (8, 32)`), as `over_display` says.
            if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(
                    loop.iter, (ast.Tuple, ast.List, ast.Set)):
                return None
            return Repeated(loop=loop)
    function = made.scope
    if function.kind != "function":
        return None
    call = called_in_loop(program, function) or (made_in_loop(program, function) if
                                                  function.name in _MAKING else None)
    if call is not None:
        return Repeated(function=function, call=call)
    return None


# Operators after which a counter still takes a new value at each step (`%`, `//`, `&` and
# comparisons bound it to a few values, which compile once each).
_GROWING = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)


def varying(program: Program, expr: ast.expr, site: CallSite, minimum: int,
            depth: int = 0) -> tuple[ast.AST, str] | None:
    """(the loop, its counter) when ``expr`` takes a new value at every iteration of a loop
    around the call ``site``: the counter of `for i in range(n)` (at least ``minimum`` trips
    when the range shows how many), the index of `enumerate`, a name a `while` loop steps
    (`i += 1`), or growing arithmetic of one (`0.1 / (1 + i)`, `float(i)`), also through a
    name bound in the loop. What a loop takes from a display (`for mode in ("a", "b")`) or
    a bounded function of a counter (`i % 2`, `i < 5`) repeats: None."""
    if depth > 3:
        return None
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, _GROWING):
        return (varying(program, expr.left, site, minimum, depth + 1)
                or varying(program, expr.right, site, minimum, depth + 1))
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return varying(program, expr.operand, site, minimum, depth + 1)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in (
            "float", "int") and len(expr.args) == 1 and not program.lookup(site.scope,
                                                                           expr.func.id):
        return varying(program, expr.args[0], site, minimum, depth + 1)
    if isinstance(expr, ast.Call) and site.loops and _random_draw(program, expr, site.scope):
        # A value drawn in the loop is new at (almost) every iteration
        # (https://github.com/jax-ml/jax/issues/3345: a truncation level drawn each step).
        loop = site.loops[-1]
        return (loop, program.source(expr)) if _repeats(loop, minimum) else None
    if not isinstance(expr, ast.Name):
        return None
    bindings = program.lookup(site.scope, expr.id)
    inside = [b for b in bindings if any(loop in site.loops for loop in b.loops)
              or b.kind == "loop" and b.node in site.loops]
    if len(bindings) == 1 and bindings[0].kind == "loop" and bindings[0].node in site.loops:
        loop = bindings[0].node
        return (loop, expr.id) if _counts(program, loop, expr.id, site, minimum) else None
    if len(inside) == 1 and inside[0].kind == "assign" and inside[0].value is not None \
            and isinstance(inside[0].target, ast.Name) and len(bindings) == 1:
        return varying(program, inside[0].value, site, minimum, depth + 1)
    # A name the loop steps, `n += 1` in a `while`, or `num_samples *= 2` in a `for` over
    # rounds (https://github.com/pyro-ppl/numpyro/issues/313: a chain length doubled until
    # it converged, recompiling the sampler each round).
    steps = [b for b in inside if b.kind == "augassign" and isinstance(b.node, ast.AugAssign)
             and isinstance(b.node.op, _STEPPING) and not _neutral(b.node)]
    if steps and len(steps) == len(inside) and len(bindings) == len(inside) + 1:
        loop = next(loop for loop in reversed(site.loops) if loop in steps[0].loops)
        if _repeats(loop, minimum):
            return loop, expr.id
    return None


def varying_through_callers(program: Program, expr: ast.expr, site: CallSite, minimum: int,
                            depth: int = 0) -> tuple[ast.AST, str] | None:
    """`varying`, and for a parameter of the function holding ``site``: what the file's
    calls of it pass, two callers up (`pipe(x, scale=s)` in a sweep, `pipe.__call__`
    passing `scale` on to the jitted function)."""
    found = varying(program, expr, site, minimum)
    if found is not None or depth >= 2 or not isinstance(expr, ast.Name):
        return found
    bind = program.single(site.scope, expr.id)
    if bind is None or bind.kind != "param" or bind.scope is None:
        return None
    for caller, target in program.callers(bind.scope):
        passed = bind.scope.argument(caller.node, expr.id, target.bound_self)
        found = varying_through_callers(program, passed, caller, minimum, depth + 1) \
            if passed is not None else None
        if found is not None:
            return found
    return None


def _repeats(loop: ast.AST, minimum: int) -> bool:
    """A `while`, or a `for` with at least ``minimum`` trips or a count the code does not
    show: a loop whose body runs often enough for a new value each time to matter."""
    return isinstance(loop, ast.While) or isinstance(loop, ast.For) and _trips_at_least(
        loop, minimum)


def _random_draw(program: Program, call: ast.Call, scope: Scope) -> bool:
    """A draw of `jax.random`, `numpy.random`, Python's `random`, or a method of a NumPy
    generator bound once (`rng = np.random.default_rng(0)`; `rng.integers(...)`)."""
    q = program.qualified(call.func, scope) or ""
    if q.startswith(("jax.random.", "numpy.random.", "random.")) and q.rsplit(".", 1)[-1] not in (
            "PRNGKey", "key", "split", "fold_in", "key_data", "wrap_key_data", "seed",
            "default_rng", "RandomState", "Generator", "get_state", "set_state", "choice"):
        return True  # (`choice` picks from values the code lists: a few compiles at most)
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        bind = program.single(scope, func.value.id)
        if bind is not None and bind.kind == "assign" and isinstance(bind.value, ast.Call):
            maker = program.qualified(bind.value.func, bind.scope or scope)
            return maker in ("numpy.random.default_rng", "numpy.random.RandomState") and \
                func.attr != "choice"
    return False


_STEPPING = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.LShift)


def _neutral(step: ast.AugAssign) -> bool:
    """`n += 0`, `n *= 1`: a step that leaves the value as it was."""
    value = step.value
    if not isinstance(value, ast.Constant) or type(value.value) not in (int, float):
        return False
    identity = 0 if isinstance(step.op, (ast.Add, ast.Sub, ast.LShift)) else 1
    return value.value == identity


def _trips_at_least(loop: ast.For, minimum: int) -> bool:
    """A `for` loop that runs at least ``minimum`` times, or whose count the code does not
    show (`range(n)`, a sequence): only a literal `range` shorter than that is excused."""
    call = loop.iter
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and \
            call.func.id == "range" and all(isinstance(a, ast.Constant) and type(a.value) is int
                                            for a in call.args) and call.args:
        return len(range(*[a.value for a in call.args])) >= minimum  # type: ignore
    return True


def _counts(program: Program, loop: ast.AST, name: str, site: CallSite, minimum: int) -> bool:
    """`for name in range(...)` (enough trips), `for name, _ in enumerate(...)`, or a sweep
    over a display of distinct fractional numbers (`for scale in [7.5, 8.0, 10.5]`): a
    hyper-parameter, continuous, where a display of modes or sizes picks among a few
    variants on purpose (huggingface/diffusers#927: each guidance scale compiled again)."""
    if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and \
            loop.target.id == name and _fractional_sweep(program, loop.iter, site.scope):
        return True
    if not isinstance(loop, ast.For) or not isinstance(loop.iter, ast.Call) \
            or not isinstance(loop.iter.func, ast.Name) \
            or program.lookup(site.scope, loop.iter.func.id):
        return False
    called = loop.iter.func.id
    if called == "enumerate":
        target = loop.target
        return isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(
            target.elts[0], ast.Name) and target.elts[0].id == name
    if called != "range" or not isinstance(loop.target, ast.Name):
        return False
    return _trips_at_least(loop, minimum)


def _fractional_sweep(program: Program, values: ast.expr, scope: Scope) -> bool:
    values = program.value_of(values, scope)
    if not isinstance(values, (ast.List, ast.Tuple)):
        return False
    numbers = [e.value for e in values.elts if isinstance(e, ast.Constant) and
               type(e.value) is float]
    return len(numbers) == len(values.elts) >= 2 and len(set(numbers)) == len(numbers) and \
        any(not n.is_integer() for n in numbers)


def made_when(where: Repeated) -> tuple[str, str]:
    """For messages: "iteration of this loop" or "call of `f` (called in a loop, line 9)",
    and the unit ("iteration", "call")."""
    if where.loop is not None:
        return "iteration of this loop", "iteration"
    assert where.function is not None and where.call is not None
    if where.function.name in _MAKING and where.function.cls is not None:
        return (f"`{where.function.cls.name}` object made (made in a loop, line "
                f"{where.call.node.lineno})", "object")
    return (f"call of `{where.function.name}` (called in a loop, line "
            f"{where.call.node.lineno})", "call")


def called_in_loop(program: Program, function: Scope, depth: int = 2) -> CallSite | None:
    """A call of ``function`` (or of a function calling it, ``depth`` deep) made in a
    Python loop by code JAX does not trace."""
    traced = traced_scopes(program)
    seen: set[int] = set()
    frontier = [function]
    for _ in range(depth):
        following = []
        for current in frontier:
            for site, _target in program.callers(current):
                caller = site.scope.function
                if caller is not None and _within_traced(caller, traced):
                    continue
                if any(isinstance(loop, (ast.For, ast.AsyncFor, ast.While, *_COMPS))
                       and repeats(loop) for loop in site.loops):
                    return site
                if caller is not None and id(caller) not in seen:
                    seen.add(id(caller))
                    following.append(caller)
        frontier = following
    return None


_COMPS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def repeats(loop: ast.AST) -> bool:
    """Whether a loop may run more than once: not a `for` (or comprehension) over a display
    of one item (`for threshold in [0.5]`, jax_cfd's evaluation.py)."""
    iterated = loop.iter if isinstance(loop, (ast.For, ast.AsyncFor)) else (
        loop.generators[0].iter if isinstance(loop, _COMPS) else None)  # type: ignore
    return not (isinstance(iterated, (ast.List, ast.Tuple, ast.Set)) and len(iterated.elts) < 2
                and not any(isinstance(e, ast.Starred) for e in iterated.elts))


def _within_traced(scope: Scope, traced: set[int]) -> bool:
    current: Scope | None = scope
    while current is not None:
        if id(current.node) in traced:
            return True
        current = current.parent
    return False


def used_here(program: Program, call: ast.Call, site: CallSite) -> bool:
    """Whether the result of ``call`` (a jit of something) is only called where it is made:
    called at once (`jax.jit(f)(x)`), or bound to a local name only ever called."""
    parent = program.parents.get(id(call))
    if isinstance(parent, ast.Call) and parent.func is call:
        return True
    statement = site.statement
    function = site.scope.function
    if isinstance(statement, ast.Return) and statement.value is call and function is not None:
        # `return jax.jit(partial(step, tx))` from a factory the loop calls
        # (https://github.com/google-deepmind/optax/pull/48: a new optimizer per epoch).
        return result_called_in_loop(program, function)
    if isinstance(statement, ast.Assign) and statement.value is call and len(
            statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        bindings = program.lookup(site.scope, statement.targets[0].id)
        bind = next((b for b in bindings if b.node is statement), None)
        return bind is not None and bind.scope is not None and bind.scope.kind == "function" \
            and only_called(program, bind)
    if isinstance(statement, ast.Assign) and statement.value is call and \
            _self_attribute(statement.targets, function):
        # `self.step = jax.jit(...)` in a method the loop calls (not `__init__`): the object
        # keeps a new function after every call, compiled again when next called.
        if function is None:
            return False
        if function.name in _MAKING:
            # Made once per object: a mistake when the objects are made in a loop (jaxopt's
            # solvers, made per run, each jitting the objective in `__post_init__`).
            return made_in_loop(program, function) is not None
        caller = called_in_loop(program, function, depth=1)
        return caller is not None and not over_display(caller)
    return False


_MAKING = ("__init__", "setup", "__post_init__")


def made_in_loop(program: Program, method: Scope) -> CallSite | None:
    """A call making an object of ``method``'s class in a Python loop (not over a display)
    of code JAX does not trace, when ``method`` is its `__init__`-like method."""
    cls = method.cls
    if cls is None:
        return None
    program.ensure_all()
    traced = traced_scopes(program)
    for site in list(program.calls):
        if program.instance_class(site.node, site.scope) is not cls:
            continue
        caller = site.scope.function
        if caller is not None and _within_traced(caller, traced):
            continue
        if over_display(site) and _reads_target(site.node, site.loops[-1]):
            continue  # one object per listed configuration
        if any(isinstance(loop, (ast.For, ast.AsyncFor, ast.While, *_COMPS)) and repeats(loop)
               for loop in site.loops):
            return site
    return None


def _reads_target(node: ast.AST, loop: ast.For) -> bool:
    """Whether ``node`` reads a name the loop binds (each iteration's own value)."""
    bound = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
    return any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(node))


def _self_attribute(targets: list[ast.expr], function: Scope | None) -> bool:
    """One target, an attribute of the method's first parameter (`self.step`)."""
    if function is None or not function.positional or len(targets) != 1:
        return False
    target = targets[0]
    return isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
        target.value.id == function.positional[0] and function.parent is not None and \
        function.parent.kind == "class"


def only_called(program: Program, bind) -> bool:
    """Whether every read of ``bind`` is a call of it, or an argument of a call of a
    function of the file (which calls it: DESC's local jitted `rootfun` given to its Newton
    solver), and there is one."""
    reads = program.reads(bind)
    if not reads:
        return False
    for name, scope in reads:
        parent = program.parents.get(id(name))
        if not isinstance(parent, ast.Call):
            return False
        if parent.func is not name and not (
                name in parent.args and program.targets(parent.func, scope)):
            return False
    return True


def certainly_eager(program: Program, scope: Scope, depth: int = 2) -> bool:
    """Whether code in ``scope`` runs outside any `jit` whoever calls the file: module-level
    code, a `main` or a pytest `test_*` function, or a function the file calls only from
    such code. A library function may run under its callers' `jit`, which the file cannot
    show (jumanji's and pgx's generators, jax's own tracing code: docs/corpus.md)."""
    function = scope.function
    if function is None:
        return True
    if function.name == "main" or function.name.startswith("test"):
        return function.parent is None or function.parent.kind in ("module", "class")
    if depth == 0 or not untraced(program, function):
        return False
    callers = program.callers(function)
    return bool(callers) and all(certainly_eager(program, site.scope, depth - 1)
                                 for site, _target in callers)


def returned_and_called_in_loop(program: Program, bind, factory: Scope) -> bool:
    """Whether ``bind`` (a def in ``factory``) is only called or returned, and a call of
    ``factory`` in a Python loop binds what it returns to names called in that loop
    (`project, recover = factorize(A, b)` then `project(x)` at every iteration), or calls
    it at once (`make_step(cfg)(x)`): each iteration makes and calls a new function."""
    returned: set[int] = set()
    for node in program.own_nodes(factory):
        if isinstance(node, ast.Return) and node.value is not None:
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            returned.update(id(v) for v in values if isinstance(v, ast.Name))
    reads = program.reads(bind)
    if not reads or not any(id(read) in returned for read, _ in reads):
        return False
    for read, _scope in reads:
        parent = program.parents.get(id(read))
        if id(read) not in returned and not (isinstance(parent, ast.Call)
                                             and parent.func is read):
            return False
    return result_called_in_loop(program, factory)


def result_called_in_loop(program: Program, factory: Scope) -> bool:
    """Whether a call of ``factory`` in a Python loop calls what it returns at once
    (`make_step(cfg)(x)`) or binds it to names called in that loop."""
    site = called_in_loop(program, factory, depth=1)
    if site is None or over_display(site):
        return False
    outer = program.parents.get(id(site.node))
    if isinstance(outer, ast.Call) and outer.func is site.node:
        return True  # `make_step(cfg)(x)`: made and called at every iteration
    statement = site.statement
    if not (isinstance(statement, ast.Assign) and statement.value is site.node):
        return False
    names = {n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    loop = next((lp for lp in reversed(site.loops)
                 if isinstance(lp, (ast.For, ast.AsyncFor, ast.While))), None)
    return loop is not None and any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
        for node in ast.walk(loop))


def over_display(site: CallSite) -> bool:
    """Whether the loop around ``site`` iterates a tuple, list or set display
    (`for spe in (1, 10)`): one function, one compile per listed configuration is what such
    a loop asks for (keras-team/keras#20412's look-alike)."""
    loop = site.loops[-1] if site.loops else None
    return isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(
        loop.iter, (ast.Tuple, ast.List, ast.Set))


def untraced(program: Program, scope: Scope) -> bool:
    function = scope.function
    return function is None or not _within_traced(function, traced_scopes(program))


# -- jitted callables and their static arguments (SCN308, SCN309) ------------------------
@dataclass(frozen=True)
class Jitted:
    """A callable the file makes with a jit: its function, its static parameters, and the
    calls of it the file shows."""

    function: Scope | None  # None: a callable the file does not define (`model.apply`)
    static: frozenset[str]
    calls: tuple  # CallSites
    bound_self: bool = False
    name: str = ""
    transform: str = ""  # the jit, qualified (`jax.jit`, `equinox.filter_jit`, ...)


def jitted_callables(program: Program) -> list[Jitted]:
    """Defs a jit decorates, and names bound to `jax.jit(f, ...)`, with their calls."""
    memo = program.__dict__.get("_jitted_callables")
    if memo is not None:
        return memo
    program.prepare(ENTRY_WORDS)
    found: list[Jitted] = []
    for scope in list(program.scopes.values()):
        if scope.kind != "function" or scope.is_lambda:
            continue
        for decorator in scope.decorators:
            how = program.decorator_transform(decorator, scope.parent or program.module,
                                              COMPILING)
            if how is not None:
                static = _static_parameters(scope, list(how[1]))
                # `obj.method(a)` binds `self`: argnum 0 is then the object, not `a` (maxtext#946)
                for bound in (False, True):
                    calls = tuple(site for site, target in program.callers(scope)
                                  if target.bound_self is bound)
                    if calls or not bound:
                        found.append(Jitted(scope, static, calls, bound, scope.name, how[0]))
    for site in list(program.calls):
        q = program.qualified(site.node.func, site.scope)
        if q not in COMPILING or not site.node.args:
            continue
        statement = site.statement
        if not (isinstance(statement, ast.Assign) and statement.value is site.node
                and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)):
            continue
        targets = program.targets(site.node.args[0], site.scope)
        if len(targets) > 1:
            continue
        name = statement.targets[0].id
        bind = next((b for b in program.lookup(site.scope, name) if b.node is statement), None)
        if bind is None:
            continue
        calls = []
        for read, scope in program.reads(bind):
            parent = program.parents.get(id(read))
            if isinstance(parent, ast.Call) and parent.func is read:
                calls.append(program.call_at[id(parent)])
        if not targets:  # `jax.jit(model.apply)`: its arguments are known only by place
            if not any(k.arg in ("static_argnums", "static_argnames")
                       for k in site.node.keywords):
                found.append(Jitted(None, frozenset(), tuple(calls), False, name, q))
            continue
        target = targets[0]
        static = _static_parameters(target.function, list(_keywords(site.node, q)),
                                    target.bound_self)
        found.append(Jitted(target.function, static, tuple(calls), target.bound_self, name,
                            q))
    program.__dict__["_jitted_callables"] = found
    return found


def traced_arguments(jitted: Jitted, site: CallSite) -> list[tuple[str | None, ast.expr]]:
    """The jitted function's traced parameters and what the call passes for each (every
    argument, with no name, for a function the file does not define)."""
    function = jitted.function
    if function is None:
        return [(None, a) for a in site.node.args if not isinstance(a, ast.Starred)] + [
            (None, k.value) for k in site.node.keywords if k.arg is not None]
    positional = function.positional[1:] if jitted.bound_self else function.positional
    found = []
    for param in positional + [p for p in function.params if p not in positional]:
        if param not in jitted.static:
            arg = function.argument(site.node, param, jitted.bound_self)
            if arg is not None:
                found.append((param, arg))
    return found


UNHASHABLE = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)


def unhashable(program: Program, expr: ast.expr, scope: Scope) -> ast.expr | None:
    """The list, dict or set ``expr`` evaluates to (a display, a comprehension, `list(...)`),
    or the call making an instance of a dataclass without a hash (`unhashable_dataclass`),
    followed as `displayed` follows it; or None."""
    found = displayed(program, expr, scope)
    if isinstance(found, UNHASHABLE):
        return found
    if isinstance(found, ast.Call) and isinstance(found.func, ast.Name) and found.func.id in (
            "list", "dict", "set") and not program.lookup(scope, found.func.id):
        return found
    if isinstance(found, ast.Call) and unhashable_dataclass(program, found.func, scope):
        return found
    return None


def unhashable_dataclass(program: Program, func: ast.expr, scope: Scope) -> str | None:
    """The name of the class ``func`` names when it is a `@dataclass` of the file whose
    instances have no hash: `eq` (the default) without `frozen=True` or `unsafe_hash=True`
    sets `__hash__` to None (https://github.com/nissymori/JAX-CORL/pull/59: a mutable
    config passed as a static argument)."""
    if not isinstance(func, ast.Name):
        return None
    bind = program.single(scope, func.id) or program.single(program.module, func.id)
    if bind is None or bind.kind != "class" or not isinstance(bind.node, ast.ClassDef):
        return None
    outer = bind.scope or program.module
    for decorator in bind.node.decorator_list:
        named = decorator.func if isinstance(decorator, ast.Call) else decorator
        if program.qualified(named, outer) != "dataclasses.dataclass":
            continue
        keywords = {k.arg: k.value for k in getattr(decorator, "keywords", ())}
        if any(isinstance(keywords.get(k), ast.Constant) and keywords[k].value is value
               for k, value in (("frozen", True), ("unsafe_hash", True), ("eq", False))):
            return None
        if any(k in keywords and not isinstance(keywords[k], ast.Constant)
               for k in ("frozen", "unsafe_hash", "eq")):
            return None  # (decided at run time)
        defines = {t.id for statement in bind.node.body if isinstance(statement, ast.Assign)
                   for t in statement.targets if isinstance(t, ast.Name)}
        defines |= {statement.name for statement in bind.node.body
                    if isinstance(statement, ast.FunctionDef)}
        return None if "__hash__" in defines or bind.node.bases else bind.node.name
    return None


def displayed(program: Program, expr: ast.expr, scope: Scope, depth: int = 0) -> ast.expr:
    """The expression ``expr`` evaluates to, followed through names bound once by a plain
    assignment, constant subscripts of dict displays (`CONFIG["smoother"]["taps"]`), and
    the parameter every visible call passes the same expression; ``expr`` itself where the
    trail ends."""
    if depth > 6:
        return expr
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
        container = displayed(program, expr.value, scope, depth + 1)
        if isinstance(container, ast.Dict):
            for key, value in zip(container.keys, container.values):
                if isinstance(key, ast.Constant) and key.value == expr.slice.value:
                    return displayed(program, value, scope, depth + 1)
        return expr
    if isinstance(expr, ast.Name):
        bindings = program.lookup(scope, expr.id)
        if len(bindings) != 1:
            return expr
        bind = bindings[0]
        if bind.kind == "assign" and bind.value is not None and isinstance(bind.target, ast.Name):
            return displayed(program, bind.value, bind.scope or scope, depth + 1)
        if bind.kind == "param" and bind.scope is not None:
            passed = _passed_everywhere(program, bind.scope, expr.id)
            found = {id(f): f for f in (displayed(program, arg, where, depth + 1)
                                        for arg, where in passed)}
            if passed and len(found) == 1:
                return found.popitem()[1]
    return expr


def _passed_everywhere(program: Program, function: Scope, param: str) -> list:
    """(argument, scope) of every visible call of ``function`` for ``param``; empty when
    one call hides it or none is visible."""
    found = []
    for site, target in program.callers(function):
        arg = function.argument(site.node, param, target.bound_self)
        if arg is None:
            return []
        found.append((arg, site.scope))
    return found


# -- shapes that change across a loop (SCN309) -----------------------------------------
ARRAY_MAKERS = frozenset({"zeros", "ones", "empty", "full", "normal", "uniform", "array",
                          "asarray", "arange", "linspace", "randint", "bernoulli"})


def varying_shapes(program: Program, expr: ast.expr, scope: Scope,
                   depth: int = 0, place: int | None = None) -> list[str] | None:
    """For a sequence a `for` loop iterates over: the shapes of its arrays as written
    (two or more different ones), or None. A list or tuple display of array makers with
    literal shapes, or a comprehension making one array per value of a sequence of distinct
    ints that its shape depends on; through names bound once and slices. ``place``: the
    items are tuples, and the array is the one at that place."""
    if depth > 4:
        return None
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        return varying_shapes(program, expr.value, scope, depth + 1, place)
    if isinstance(expr, ast.Name):
        bind = program.single(scope, expr.id)
        if bind is not None and bind.kind == "assign" and bind.value is not None and \
                isinstance(bind.target, ast.Name):
            return varying_shapes(program, bind.value, bind.scope or scope, depth + 1, place)
        if bind is not None and bind.kind == "param" and bind.scope is not None:
            for caller, target in program.callers(bind.scope):  # what the file's calls pass
                passed = bind.scope.argument(caller.node, expr.id, target.bound_self)
                found = varying_shapes(program, passed, caller.scope, depth + 1, place) \
                    if passed is not None else None
                if found is not None:
                    return found
        return None
    if isinstance(expr, (ast.List, ast.Tuple)):
        items = [_at(e, place) for e in expr.elts]
        if None in items:
            return None
        shapes = [_literal_shape(program, e, scope) for e in items]
        if None in shapes or len(set(shapes)) < 2:
            return None
        return [str(s) for s in shapes]
    if isinstance(expr, ast.ListComp) and len(expr.generators) == 1:
        generator = expr.generators[0]
        if not isinstance(generator.target, ast.Name) or generator.ifs:
            return None
        values = distinct_ints(program, generator.iter, scope)
        element = _at(expr.elt, place)
        shape = shape_argument(program, element, scope) if element is not None else None
        if values is None or shape is None:
            return None
        if not any(isinstance(n, ast.Name) and n.id == generator.target.id
                   for n in ast.walk(shape)):
            return None
        return [f"`{generator.target.id}` = {v}" for v in values]
    return None


def _at(expr: ast.expr, place: int | None) -> ast.expr | None:
    """The item at ``place`` of a tuple display (``expr`` itself for None)."""
    if place is None:
        return expr
    if isinstance(expr, ast.Tuple) and place < len(expr.elts):
        return expr.elts[place]
    return None


def distinct_ints(program: Program, expr: ast.expr, scope: Scope) -> list[int] | None:
    """The ints of a tuple or list display of two or more distinct int literals, also
    through a name bound once to one (`for s in sizes`, `sizes = (64, 128)`)."""
    if isinstance(expr, ast.Name):
        bind = program.single(scope, expr.id)
        if bind is None or bind.kind != "assign" or bind.value is None or \
                not isinstance(bind.target, ast.Name):
            return None
        expr = bind.value
    if isinstance(expr, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in expr.elts):
        values = [e.value for e in expr.elts]  # type: ignore[attr-defined]
        return values if len(set(values)) >= 2 else None
    return None


def shape_argument(program: Program, expr: ast.expr, scope: Scope) -> ast.expr | None:
    """The shape argument of an array maker call (`jnp.ones((n, 16))`), or None."""
    made = maker_and_shape(program, expr, scope)
    return made[1] if made is not None else None


def maker_and_shape(program: Program, expr: ast.expr,
                    scope: Scope) -> tuple[str, ast.expr] | None:
    """An array maker call's function name (`ones`) and its shape argument, or None."""
    if not isinstance(expr, ast.Call):
        return None
    q = program.qualified(expr.func, scope)
    if q is None or not q.startswith(("jax.numpy.", "numpy.", "jax.random.")):
        return None
    last = q.rsplit(".", 1)[-1]
    if last not in ARRAY_MAKERS:
        return None
    place = 1 if q.startswith("jax.random.") else 0
    shape = expr.args[place] if len(expr.args) > place else next(
        (k.value for k in expr.keywords if k.arg == "shape"), None)
    return (last, shape) if shape is not None else None


CONVERSIONS = frozenset({"jax.numpy.array", "jax.numpy.asarray", "numpy.array", "numpy.asarray"})


def converted(program: Program, expr: ast.expr, scope: Scope) -> ast.expr:
    """What an array conversion converts (`jnp.array(seq)` -> `seq`), else ``expr``."""
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords and \
            program.qualified(expr.func, scope) in CONVERSIONS:
        return expr.args[0]
    return expr


def _display_shape(expr: ast.expr) -> tuple | None:
    """The shape of a (nested, rectangular) list or tuple display of numbers."""
    if isinstance(expr, ast.Constant) and type(expr.value) in (int, float, bool):
        return ()
    if not isinstance(expr, (ast.List, ast.Tuple)) or not expr.elts:
        return None
    inner = {_display_shape(e) for e in expr.elts}
    if len(inner) != 1 or None in inner:
        return None
    return (len(expr.elts), *inner.pop())


def _literal_shape(program: Program, expr: ast.expr, scope: Scope) -> tuple | None:
    shown = _display_shape(converted(program, expr, scope))
    if shown:  # a display of numbers, converted or not (`[[1, 2, 3], [4, 5]]`)
        return shown
    shape = shape_argument(program, expr, scope)
    if shape is None:
        return None
    if isinstance(shape, ast.Constant) and type(shape.value) is int:
        return (shape.value,)
    if isinstance(shape, ast.Tuple) and all(isinstance(e, ast.Constant) and type(e.value) is int
                                            for e in shape.elts):
        return tuple(e.value for e in shape.elts)  # type: ignore[attr-defined]
    return None
