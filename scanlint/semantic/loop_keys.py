"""PRNG keys that are the same at every iteration of a Python loop (issue 32; read by
SCN213), on the file's program (`program.py`). SCN209 (`prng_keys.py`) covers the bodies of
JAX's loops; here the loop is Python's: a training loop, a data pipeline, a rollout.

A key is the same at every iteration when the loop makes it from a constant seed
(`jax.random.PRNGKey(0)` in its body, or in a function it calls), or when it is bound before
the loop and never rebound in it; the numbers are the same when such a key reaches a draw
in the iteration: directly, split or folded with values the loop does not change, or
through a function of the file that draws from the parameter it gets it as (a
`jax.random` draw, `split`, a Flax `rngs={"dropout": key}`, `nnx.Rngs(key)`, a function it
passes it on to), jitted or not. Folding in the iteration (`fold_in(key, step)`), splitting
the key at every iteration (`key, sub = jax.random.split(key)`), a seed from the loop's
variable: a new key per iteration, not reported.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from scanlint.semantic.jit_reach import loop_bodies
from scanlint.semantic.program import CallSite, Program, Scope, Target
from scanlint.semantic.prng_keys import DRAWS
from scanlint.semantic.tracing import TRACERS

SEEDED = frozenset({"PRNGKey", "key"})
DERIVING = frozenset({"split", "fold_in", "clone"})
RNG_HOLDERS = frozenset({"flax.nnx.Rngs", "flax.nnx.RngStream", "haiku.PRNGSequence"})
_DEPTH = 3
# Haiku's transformations: where their `apply` takes the key.
_HAIKU_RNG_PLACE = {"haiku.transform": 1, "haiku.transform_with_state": 2}
_WORDS = re.compile(r"random|Rngs|PRNGSequence")
_REPEATING = (ast.For, ast.AsyncFor, ast.While, ast.ListComp, ast.SetComp, ast.GeneratorExp,
              ast.DictComp)
_COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try,
             ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class LoopKey:
    """A key the same at every iteration of ``loop`` that reaches a draw there."""

    node: ast.AST  # where to report: the key's making, or the call passing it
    key: str  # the key as written
    why: str  # why it is the same at every iteration
    draw: str  # what draws from it ("`jax.random.randint`", "`train_step`")
    loop: ast.AST
    seeded_here: bool = False  # made from a constant seed in the loop's own body
    per_item_state: bool = False  # each item of the loop stores what it draws from it


def loop_keys(program: Program) -> list[LoopKey]:
    memo = program.__dict__.get("_loop_keys")
    if memo is None:
        memo = program.__dict__["_loop_keys"] = _find(program) if _WORDS.search(
            program.text) else []
    return memo


def random_function(program: Program, func: ast.expr, scope: Scope) -> str | None:
    """The name of the `jax.random` function ``func`` names (`split`, `normal`), or None."""
    q = program.qualified(func, scope) or ""
    module, _, last = q.rpartition(".")
    return last if module in ("jax.random", "jax._src.random") else None


def _find(program: Program) -> list[LoopKey]:
    program.ensure_all()
    found: dict[int, LoopKey] = {}
    for site in list(program.calls):
        loops = [loop for loop in site.loops if isinstance(loop, _REPEATING)]
        name = random_function(program, site.node.func, site.scope)
        # A default is made once, when the `def` runs, whatever its seed (ogbench's
        # `key=PRNGKey(np.random.randint(...))`: https://github.com/seohongpark/ogbench/pull/36).
        if name in SEEDED and _default_key(program, site, found):
            continue
        if name in SEEDED and _constant_args(program, site.node, site.scope, loops):
            _seeded(program, site, loops, found)
            continue
        if not loops:
            continue
        for arg in [*site.node.args, *(k.value for k in site.node.keywords)]:
            if isinstance(arg, ast.Name):
                _invariant(program, site, arg, loops, found)
        _held_key(program, site, loops, found)
    return list(found.values())


def _held_key(program: Program, site: CallSite, loops: list, found: dict) -> None:
    """A method called in the loop draws from a key its object holds (`self.key`), made in
    `__init__` and never replaced: every call draws the same numbers
    (https://github.com/jax-ml/jax/pull/8953)."""
    for target in program.targets(site.node.func, site.scope):
        if not target.bound_self or target.cls is None or not target.function.positional:
            continue
        me = target.function.positional[0]
        for attr in _attributes_drawn(program, target.function, me):
            made = target.cls.attributes.get(attr, [])
            stores = [node for node in ast.walk(target.cls.node) if isinstance(
                node, ast.Attribute) and node.attr == attr and isinstance(node.ctx, ast.Store)]
            if made and len(stores) == len(made) and all(
                    scope.name == "__init__" and isinstance(value, ast.Call)
                    and random_function(program, value.func, scope) in SEEDED | DERIVING
                    for value, scope in made):
                found.setdefault(id(site.node), LoopKey(
                    site.node, f"{me}.{attr}", "made once in `__init__` and never split or "
                    "replaced", f"`{program.source(site.node.func)}`", loops[-1]))
                return


def _attributes_drawn(program: Program, function: Scope, me: str) -> set[str]:
    """`self.key` attributes the method draws from or splits (`jax.random.split(self.key)`),
    or passes to a function of the file that does (`self._train(self.actor, self.key)`
    returning a new key the caller drops: https://github.com/araffin/sbx/issues/45)."""
    found = set()
    for node in program.own_nodes(function):
        if not isinstance(node, ast.Call):
            continue
        held = {arg.attr: arg for arg in [*node.args, *(k.value for k in node.keywords)]
                if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name)
                and arg.value.id == me}
        if not held:
            continue
        if node.args and random_function(program, node.func, function) in DRAWS | {"split"}:
            found.update(a for a, arg in held.items() if arg is node.args[0])
            continue
        found.update(attr for attr, arg in held.items()
                     if _passed_to_a_draw(program, node, arg, function))
    return found


def _passed_to_a_draw(program: Program, call: ast.Call, arg: ast.expr, scope: Scope) -> bool:
    """Whether ``call`` passes ``arg`` to a parameter its function (of the file) draws from."""
    return _drawn_argument(program, call, scope, lambda a: a is arg, True) is not None


def _constant_args(program: Program, call: ast.Call, scope: Scope, loops: list) -> bool:
    """A seed that is the same whenever the call runs: literals, names bound once at
    module level to one, and a parameter with a literal default that every call of its
    function leaves out or passes a literal for (`def step(..., seed=0)`: diffusers' DDIM
    scheduler step, huggingface/diffusers#508)."""
    if not call.args or call.keywords:
        return False
    for arg in call.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, int):
            continue
        if isinstance(arg, ast.Name):
            bind = program.single(scope, arg.id)
            if bind is not None and bind.kind == "assign" and bind.scope is program.module \
                    and isinstance(bind.value, ast.Constant):
                continue
            if bind is not None and bind.kind == "param" and bind.scope is not None and \
                    _constant_parameter(program, bind.scope, arg.id):
                continue
        return False
    return True


def _constant_parameter(program: Program, function: Scope, param: str) -> bool:
    default = function.default(param)
    if not (isinstance(default, ast.Constant) and isinstance(default.value, int)):
        return False
    callers = program.callers(function)
    for call, target in callers:
        if any(isinstance(a, ast.Starred) for a in call.node.args) or any(
                k.arg is None for k in call.node.keywords):
            return False
        passed = function.argument(call.node, param, target.bound_self)
        if passed is not None and not (isinstance(passed, ast.Constant) and
                                       isinstance(passed.value, int)):
            return False
    return bool(callers)


def _seeded(program: Program, site: CallSite, loops: list, found: dict) -> None:
    """A key made from a constant seed: in a loop, or in a function the file calls in one."""
    where = site.statement
    if loops:
        loop = loops[-1]
        draw = _drawn_in(program, site, loop)
        if draw is not None:
            found.setdefault(id(site.node), LoopKey(
                site.node, program.source(site.node), "made from a constant seed at every "
                "iteration", draw, loop, seeded_here=True))
        return
    function = site.scope.function
    if function is None or not isinstance(where, ast.Assign):
        return
    from scanlint.semantic.recompiles import called_in_loop

    draw = _drawn_in(program, site, function.node)
    if draw is None:
        return
    call = called_in_loop(program, function)
    if call is not None:
        loop = next((loop for loop in reversed(call.loops) if isinstance(loop, _REPEATING)),
                    None)
        found.setdefault(id(site.node), LoopKey(
            site.node, program.source(site.node),
            f"made from a constant seed at every call of `{function.name}`, which the file "
            f"calls in a loop (line {call.node.lineno})", draw, loop))
        return
    lax = _called_by_loop_body(program, function)
    if lax is not None:  # traced once: the compiled steps all draw with that one key
        found.setdefault(id(site.node), LoopKey(
            site.node, program.source(site.node),
            f"made from a constant seed in `{function.name}`, which the body of the "
            f"`{lax[1]}` on line {lax[0].lineno} calls: traced once, the same key at every "
            "step", draw, lax[0], seeded_here=True))


def _called_by_loop_body(program: Program, function: Scope,
                         depth: int = 2) -> tuple[ast.Call, str] | None:
    """The `scan`/`fori_loop`/`while_loop` call whose body calls ``function`` (itself, or
    through ``depth`` callers), and its kind. SCN209 reports keys made in the body itself."""
    bodies = loop_bodies(program)
    frontier = [function]
    for _ in range(depth):
        following = []
        for current in frontier:
            for caller, _target in program.callers(current):
                holder = caller.scope.function
                if holder is not None and id(holder) in bodies:
                    _, call, kind = bodies[id(holder)][0]
                    return call, kind
                if holder is not None:
                    following.append(holder)
        frontier = following
    return None


def _default_key(program: Program, site: CallSite, found: dict) -> bool:
    """A key made from a constant seed as a parameter's default (`rng_key=PRNGKey(3)`): made
    once, when the `def` runs, and the same at every call that leaves the argument out.
    Reported at each such call in a loop when the function draws from the parameter.
    Whether ``site`` is such a default."""
    node = site.statement
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    arguments = node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = list(zip(positional[len(positional) - len(arguments.defaults):],
                     arguments.defaults)) + list(zip(arguments.kwonlyargs,
                                                     arguments.kw_defaults))
    param = next((a.arg for a, default in pairs if default is site.node), None)
    if param is None:
        return False
    function = program.scope_of(node)
    if function is None or not draws_from(program, function, param):
        return True
    for call, target in program.callers(function):
        loops = [loop for loop in call.loops if isinstance(loop, _REPEATING)]
        # (`*args`/`**kwargs` may pass it: `Scope.argument` cannot tell)
        if not loops or any(isinstance(a, ast.Starred) for a in call.node.args) or any(
                k.arg is None for k in call.node.keywords) or function.argument(
                    call.node, param, target.bound_self) is not None:
            continue
        found.setdefault(id(call.node), LoopKey(
            call.node, f"{param}={program.source(site.node)}",
            f"the default of `{function.name}`'s `{param}`, made once when the `def` ran, "
            "and this call leaves the argument out", f"`{function.name}`", loops[-1]))
    return True


def _drawn_in(program: Program, site: CallSite, region: ast.AST) -> str | None:
    """What draws from the key ``site`` makes, within ``region`` (the loop, or the
    function): the names it is bound to, and those split or folded from them with other
    values, followed through the region's statements in order."""
    statement = site.statement
    keys = _targets(statement, site.node)
    if not keys:
        return None
    body = region.body if isinstance(region, (ast.For, ast.AsyncFor, ast.While,
                                              ast.FunctionDef, ast.AsyncFunctionDef)) else []
    started = False
    for current in _in_order(body):
        if current is statement:
            started = True
            continue
        if not started:
            continue
        for call in _calls(current):
            draw = _consumes(program, call, site.scope, keys)
            if draw is not None:
                return draw
        if isinstance(current, ast.Assign) and isinstance(current.value, ast.Call) and \
                random_function(program, current.value.func, site.scope) in DERIVING and any(
                    isinstance(a, ast.Name) and a.id in keys for a in current.value.args[:1]):
            for target in current.targets:
                keys |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return None


def _in_order(statements: list) -> list:
    """The statements of a block and of the blocks inside it, in order (not into defs)."""
    found = []
    for statement in statements:
        found.append(statement)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            found += _in_order(getattr(statement, field, []) or [])
        for handler in getattr(statement, "handlers", []) or []:
            found += _in_order(handler.body)
    return found


def _calls(statement: ast.stmt) -> list[ast.Call]:
    parts = [statement] if not isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.If,
                                                      ast.With, ast.AsyncWith, ast.Try)) \
        else [getattr(statement, "iter", None) or getattr(statement, "test", None)]
    return [n for part in parts if part is not None for n in ast.walk(part)
            if isinstance(n, ast.Call)]


def _targets(statement: ast.stmt | None, call: ast.Call) -> set[str]:
    if isinstance(statement, ast.Assign) and statement.value is call:
        return {n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def _consumes(program: Program, call: ast.Call, scope: Scope, keys: set[str],
              holders: bool = True) -> str | None:
    """What draws from one of ``keys`` at ``call``: the draw itself, or the function of the
    file it passes one to that draws from it (``holders``: also `rngs=` and `nnx.Rngs`)."""
    name = random_function(program, call.func, scope)
    first = call.args[0] if call.args else next(
        (k.value for k in call.keywords if k.arg == "key"), None)
    if name in DRAWS and isinstance(first, ast.Name) and first.id in keys:
        return f"`{program.source(call.func)}`"
    if not holders:
        return _drawn_by_callee(program, call, scope, keys, holders)
    for keyword in call.keywords:
        if keyword.arg == "rngs" and _names(keyword.value) & keys:
            return f"`{program.source(call.func)}` (its `rngs`)"
    q = program.qualified(call.func, scope)
    if q in RNG_HOLDERS and any(_names(a) & keys for a in
                                [*call.args, *(k.value for k in call.keywords)]):
        return f"`{program.source(call.func)}`"
    rng = _transformed_rng(program, call, scope)
    if isinstance(rng, ast.Name) and rng.id in keys:
        return f"`{program.source(call.func)}`"
    return _drawn_by_callee(program, call, scope, keys, holders)


def _transformed_rng(program: Program, call: ast.Call, scope: Scope) -> ast.expr | None:
    """The key a Haiku-transformed function's `apply` is given (`net.apply(params, rng,
    x)`, `net.apply(params, state, rng, x)` after `transform_with_state`): its draws
    (`hk.next_rng_key()`, dropout) come from it."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "apply" and
            isinstance(func.value, ast.Name)):
        return None
    bind = program.single(scope, func.value.id)
    made = bind.value if bind is not None and bind.kind == "assign" else None
    if not isinstance(made, ast.Call):
        return None
    place = _HAIKU_RNG_PLACE.get(program.qualified(made.func, bind.scope or scope) or "")
    if place is None:
        return None
    keyword = next((k.value for k in call.keywords if k.arg == "rng"), None)
    return keyword or (call.args[place] if len(call.args) > place else None)


def _drawn_by_callee(program: Program, call: ast.Call, scope: Scope, keys: set[str],
                     holders: bool) -> str | None:
    found = _drawn_argument(program, call, scope,
                            lambda a: isinstance(a, ast.Name) and a.id in keys, holders)
    return None if found is None else f"`{program.source(call.func)}`"


def _drawn_argument(program: Program, call: ast.Call, scope: Scope, wanted,
                    holders: bool) -> ast.expr | None:
    """The first argument ``wanted`` accepts that ``call`` passes to a parameter its
    function (of the file) draws from."""
    for target in program.targets(_applied(program, call.func, scope), scope) or \
            item_methods(program, call, scope):
        params = target.function.positional[1:] if target.bound_self else \
            target.function.positional
        for param, arg in [*zip(params, call.args),
                           *((k.arg, k.value) for k in call.keywords if k.arg)]:
            if wanted(arg) and draws_from(program, target.function, param, holders=holders):
                return arg
    return None


def item_methods(program: Program, call: ast.Call, scope: Scope) -> list[Target]:
    """For a method called on a loop's item whose class the file does not show (`for layer
    in self.layers: layer.init(key)`, a tuple of several classes): the file's methods of
    that name, each bound to its object (netket's layers initialised in a loop,
    netket/netket#241)."""
    func = call.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        return []
    bind = program.single(scope, func.value.id)
    if bind is None or bind.kind != "loop":
        return []
    program.ensure_all()
    return [Target(method, True, cls) for cls in program.classes.values()
            if (method := cls.method(func.attr)) is not None]


def _stores_draws_on_item(program: Program, call: ast.Call, scope: Scope, key: str) -> bool:
    """The call is a method of the loop's item that stores on its object what it draws
    from ``key`` (`self.params = (w, b)` after `normal(kw, ...)`): each item's state
    initialised from one key is the same numbers in every item."""
    for target in item_methods(program, call, scope) or program.targets(call.func, scope):
        method = target.function
        if not target.bound_self or not method.positional:
            continue
        me = method.positional[0]
        params = method.positional[1:]
        passed = [p for p, a in zip(params, call.args) if isinstance(a, ast.Name) and
                  a.id == key]
        if not passed or not draws_from(program, method, passed[0]):
            continue
        for node in program.own_nodes(method):
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and
                    t.value.id == me for t in node.targets):
                return True
    return False


def _applied(program: Program, func: ast.expr, scope: Scope) -> ast.expr:
    """The function a transformation's result calls with the same arguments:
    `jax.value_and_grad(loss, has_aux=True)(params, rng)` runs `loss(params, rng)`
    (https://github.com/pyro-ppl/numpyro/pull/5: the ELBO's key, drawn from under grad)."""
    for _ in range(4):
        if not (isinstance(func, ast.Call) and func.args and
                program.qualified(func.func, scope) in TRACERS):
            break
        func = func.args[0]
    return func


def _names(expr: ast.expr) -> set[str]:
    """The names a key argument is: a name, or the values of a dict display of names."""
    if isinstance(expr, ast.Name):
        return {expr.id}
    if isinstance(expr, ast.Dict):
        return {v.id for v in expr.values if isinstance(v, ast.Name)}
    return set()


def draws_from(program: Program, function: Scope, param: str, depth: int = 0,
               holders: bool = True) -> bool:
    """Whether ``function`` (or a def or lambda inside it) draws from its parameter
    ``param`` as a key: a `jax.random` draw, `split`, `rngs=`, `nnx.Rngs(...)` (with
    ``holders``), or a function of the file it passes it to that does."""
    memo = program.__dict__.setdefault("_draws_from", {})
    key = (id(function.node), param, holders)
    if key in memo:
        return memo[key]
    memo[key] = False
    if depth > _DEPTH:
        return False
    result = False
    node = function.node
    body = [node.body] if isinstance(node, ast.Lambda) else node.body  # type: ignore
    for statement in body:
        for call in ast.walk(statement):
            if not isinstance(call, ast.Call):
                continue
            scope = _scope_around(program, function, call)
            name = random_function(program, call.func, scope)
            first = call.args[0] if call.args else None
            if name == "fold_in" and len(call.args) > 1 and not isinstance(
                    call.args[1], ast.Constant):
                continue  # folded with data it is given (`fold_in(key, state.step)`): may
                # differ at every call (flax's train_step idiom, google/flax#2675)
            if (name in DRAWS or name in ("split", "fold_in")) and isinstance(
                    first, ast.Name) and first.id == param:
                result = True
                break
            if holders and any(k.arg == "rngs" and param in _names(k.value)
                               for k in call.keywords):
                result = True
                break
            rng = _transformed_rng(program, call, scope)
            if isinstance(rng, ast.Name) and rng.id == param:
                result = True
                break
            if holders and program.qualified(call.func, scope) in RNG_HOLDERS and any(
                    param in _names(a) for a in [*call.args, *(k.value for k in call.keywords)]):
                result = True
                break
            for target in program.targets(_applied(program, call.func, scope), scope):
                params = target.function.positional[1:] if target.bound_self else \
                    target.function.positional
                for inner, arg in [*zip(params, call.args),
                                   *((k.arg, k.value) for k in call.keywords if k.arg)]:
                    if isinstance(arg, ast.Name) and arg.id == param and \
                            target.function is not function and \
                            draws_from(program, target.function, inner, depth + 1, holders):
                        result = True
            if result:
                break
        if result:
            break
    memo[key] = result or _held_and_drawn(program, function, param)
    return memo[key]


def reaches_a_draw(program: Program, function: Scope, depth: int = 0) -> bool:
    """Whether ``function`` (or a def or lambda inside it, or a function of the file they
    call) makes a `jax.random` draw or `split`."""
    memo = program.__dict__.setdefault("_reaches_a_draw", {})
    if id(function.node) in memo:
        return memo[id(function.node)]
    memo[id(function.node)] = False
    found = False
    for call in ast.walk(function.node):
        if not isinstance(call, ast.Call):
            continue
        scope = _scope_around(program, function, call)
        name = random_function(program, call.func, scope)
        if name in DRAWS or name == "split" or depth < _DEPTH and any(
                reaches_a_draw(program, t.function, depth + 1)
                for t in program.targets(_applied(program, call.func, scope), scope)
                if t.function is not function):
            found = True
            break
    memo[id(function.node)] = found
    return found


def _held_and_drawn(program: Program, function: Scope, param: str) -> bool:
    """A method storing its parameter on its object (`self._key = key`) that a method of
    the class draws from or splits: a key sequence of the file's own
    (https://github.com/google-deepmind/dm-haiku/issues/585)."""
    cls = program.classes.get(id(function.parent.node)) if function.parent else None
    if cls is None or not function.positional:
        return False
    me = function.positional[0]
    held = {target.attr for node in program.own_nodes(function) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Name) and node.value.id == param
            for target in node.targets if isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name) and target.value.id == me}
    if not held:
        return False
    for binds in cls.scope.bindings.values():
        for bind in binds:
            method = program.scope_of(bind.node) if bind.kind == "def" else None
            if method is not None and method.positional and held & _attributes_drawn(
                    program, method, method.positional[0]):
                return True
    return False


def _scope_around(program: Program, function: Scope, call: ast.Call) -> Scope:
    site = program.call_at.get(id(call))
    return site.scope if site is not None else function


def _invariant(program: Program, site: CallSite, arg: ast.Name, loops: list,
               found: dict) -> None:
    """``arg`` (passed at ``site``, in ``loops``) is a key bound before the loop and never
    rebound in it, and the call draws from it."""
    every = program.lookup(site.scope, arg.id)
    bindings = [b for b in every if not _handed_back(program, b, site.scope)]
    # A parameter counts as a key when this call draws from it with `jax.random` or a
    # function of the file that does (`rngs=` may be given a stateful `nnx.Rngs`).
    parameter = len(bindings) == 1 and bindings[0].kind == "param"
    if not bindings or not parameter and not all(_makes_key(program, b) for b in bindings):
        return
    loop = None
    for candidate in loops:
        if isinstance(candidate, (ast.For, ast.AsyncFor, ast.While)) and not any(
                candidate in b.loops or b.node is candidate for b in bindings):
            loop = candidate
            break
    if loop is None:
        return
    draw = _consumes(program, site.node, site.scope, {arg.id}, holders=not parameter)
    if draw is None:
        return
    why = "bound before the loop and never split or rebound in it" if len(every) == len(
        bindings) else "bound before the loop and rebound in it only to itself, by a " \
        "function that returns the key it was given"
    per_item = _stores_draws_on_item(program, site.node, site.scope, arg.id)
    if per_item:
        why += ", and each item keeps what it draws as its own state"
    found.setdefault(id(site.node), LoopKey(site.node, arg.id, why, draw, loop,
                                            per_item_state=per_item))


def _handed_back(program: Program, bind, scope: Scope) -> bool:
    """`x, key = jitter(key, x)` where the file's `jitter` returns the key it was given,
    unchanged, in that place: the name is bound to the same key again, not a new one
    (https://github.com/jax-ml/jax/issues/192)."""
    statement = bind.node
    if bind.kind != "assign" or not isinstance(statement, ast.Assign) or not isinstance(
            statement.value, ast.Call) or len(statement.targets) != 1:
        return False
    target = statement.targets[0]
    if isinstance(target, ast.Tuple):
        places = [i for i, e in enumerate(target.elts)
                  if isinstance(e, ast.Name) and e.id == bind.name]
        if len(places) != 1:
            return False
        place: int | None = places[0]
    elif isinstance(target, ast.Name):
        place = None
    else:
        return False
    call = statement.value
    for function in program.targets(call.func, scope):
        params = function.function.positional[1:] if function.bound_self else \
            function.function.positional
        given = [p for p, a in [*zip(params, call.args),
                                *((k.arg, k.value) for k in call.keywords if k.arg)]
                 if isinstance(a, ast.Name) and a.id == bind.name]
        if len(given) == 1 and _returns_param(program, function.function, given[0], place):
            return True
    return False


def _returns_param(program: Program, function: Scope, param: str, place: int | None) -> bool:
    """Every `return` of ``function`` gives back its parameter ``param``, never rebound,
    at ``place`` of the tuple it returns (None: as the whole value)."""
    if [b.kind for b in function.bindings.get(param, [])] != ["param"]:
        return False
    returns = [n for n in program.own_nodes(function) if isinstance(n, ast.Return)]
    if not returns:
        return False
    for ret in returns:
        value = ret.value
        if place is not None:
            if not isinstance(value, ast.Tuple) or len(value.elts) <= place:
                return False
            value = value.elts[place]
        if not (isinstance(value, ast.Name) and value.id == param):
            return False
    return True


def _makes_key(program: Program, bind) -> bool:
    """Whether a binding gives its name a key: `jax.random.PRNGKey`/`key`/`split`/`fold_in`
    (unpacked, or indexed)."""
    if bind.kind != "assign":
        return False
    value = bind.node.value if isinstance(bind.node, ast.Assign) else bind.value
    if isinstance(value, ast.Subscript):
        value = value.value
    if not isinstance(value, ast.Call):
        return False
    scope = bind.scope or program.module
    return random_function(program, value.func, scope) in (SEEDED | DERIVING)


def reported(found: LoopKey) -> bool:
    """Whether the same key across ``found.loop``'s iterations is a mistake: seeded again in
    the loop's own body (never a way to share a key on purpose: it would be made once,
    before), drawn by each item of a collection into its own state (every layer given the
    same initial weights), or shared across the steps of a process (`steps_a_process`)."""
    return found.seeded_here or found.per_item_state or steps_a_process(found.loop)


def steps_a_process(loop: ast.AST) -> bool:
    """Whether ``loop`` runs a process step by step, where each iteration is meant to draw
    new numbers: a `while`, a loop over `range(...)` (or `enumerate`/`zip` of one,
    `itertools.count()`), or a loop whose body carries a value to the next iteration (a name
    it reads and then rebinds: `params = train_step(params, batch, key)`). A loop over the
    items of a collection that carries nothing may share a key across them on purpose
    (brax's "correlated crop between views"; kfac_jax's fixed start vector per matrix)."""
    if isinstance(loop, ast.While):
        return True
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        iterated = loop.iter
    elif isinstance(loop, _REPEATING) and loop.generators:  # type: ignore[attr-defined]
        iterated = loop.generators[0].iter  # type: ignore[attr-defined]
    else:
        return False
    if _counts(iterated):
        return True
    return isinstance(loop, (ast.For, ast.AsyncFor)) and bool(_carried(loop.body))


def _counts(expr: ast.expr) -> bool:
    if not isinstance(expr, ast.Call):
        return False
    name = expr.func.attr if isinstance(expr.func, ast.Attribute) else getattr(
        expr.func, "id", "")
    if name in ("range", "count"):
        return True
    return name in ("enumerate", "zip", "reversed") and any(_counts(a) for a in expr.args)


def _carried(body: list[ast.stmt]) -> set[str]:
    """Names the statements read before they (re)bind them, in order: loop-carried. A
    compound statement counts by its header; its blocks' statements come after it, one by
    one (a name bound in one branch and read by a later line is not carried)."""
    seen_bound: set[str] = set()
    carried: set[str] = set()
    for statement in _in_order(body):
        parts = [statement] if not isinstance(statement, _COMPOUND) else [
            getattr(statement, field) for field in ("test", "iter", "target", "items")
            if getattr(statement, field, None) is not None]
        nodes = [n for part in parts for item in (part if isinstance(part, list) else [part])
                 for n in ast.walk(item)]
        reads = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        binds = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        carried |= (reads & binds) - seen_bound
        seen_bound |= binds
    return carried
