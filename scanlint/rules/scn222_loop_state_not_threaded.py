from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.prefilter.text import match_lines
from scanlint.semantic.program import CallSite, Program, Scope
from scanlint.semantic.recompiles import COMPILING
from scanlint.semantic.tracing import ENTRY_WORDS, LOOPS, loop_functions

_JNP = "import jax\nimport jax.numpy as jnp\n"
_PYTHON_LOOPS = (ast.For, ast.AsyncFor, ast.While)


class LoopStateNotThreaded(Rule):
    """
    ## What it does
    Finds a call in a Python loop that is given a state made before the loop (a name with
    `state`: `state`, `opt_state`, `carry_state`) and
    returns a new state computed from it (`params, loss, opt_state = train_step(params,
    state)`), where the loop never feeds the new one back: the name it passes is not
    rebound in the loop. Reported when the loop threads another of the call's results
    (`params` in, `params` out: a training loop) and the dropped result is named as a kind
    of the argument (`opt_state` for `state`), or when it is named as the argument's
    successor (`new_state`, `next_state`, `state_new`). The function is
    one of the file's (through `jax.jit(f)`, `partial` and a lambda calling it); the new
    state is a result it computes from that parameter (`optimizer.update(grads, state,
    ...)`, `state.set(...)`). Also a `scan`/`fori_loop`/`while_loop` body that closes over
    the state, and leaves out of its carry the result named as its successor
    (`updates, new_opt_state = optimizer.update(g, opt_state, w)`).

    ## Why is this bad?
    Every iteration starts again from the state made before the loop: an optimizer's step
    count and moments never advance (a warm-up schedule stays at its first value), a
    counter stays at zero, running statistics stay at their initial values. Nothing fails;
    the model trains worse or not at all (https://github.com/google-deepmind/optax/
    issues/424, https://github.com/patrick-kidger/equinox/issues/1071). A test runs the
    invalid cases below under JAX and shows the state every iteration starts from is the
    first one.

    ## Example
    ```python
    state = optimizer.init(params)
    for step in range(num_steps):
        params, loss, opt_state = train_step(params, state)
    ```

    ## Use instead
    ```python
    opt_state = optimizer.init(params)
    for step in range(num_steps):
        params, loss, opt_state = train_step(params, opt_state)
    ```
    No fix is offered: which name should carry the state is the author's choice.
    """

    CODE = "SCN222"
    NAME = "loop-state-not-threaded"
    MESSAGE = ("`{function}` returns `{new}` computed from `{old}`, but this loop passes the "
               "same `{old}` at every iteration and never feeds `{new}` back: every step "
               "starts from the state made before the loop; pass `{new}` (or rebind `{old}`)")
    PROGRAM = True

    MESSAGE_BODY = ("`{new}` is the new `{old}`, but this `{loop}` body closes over `{old}` and "
                    "does not carry `{new}`: every step starts from the state made before the "
                    "loop; put the state in the carry")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        candidates = _candidates(program)
        if not candidates:
            return  # (Python's tree alone shows no such names: the model is not built)
        # Build what the candidates need: their statements, the functions they call, and
        # the loops that may run them.
        program.ensure_lines(sorted({c.lineno for c in candidates}))
        called = {_last_name(c.value.func) for c in candidates} - {None}
        if called:
            program.prepare(re.compile(r"\b(?:%s)\b" % "|".join(map(re.escape, sorted(called)))))
        program.prepare(ENTRY_WORDS)
        bodies = _loop_bodies(program)
        for assign in candidates:
            site = program.call_at.get(id(assign.value))
            if site is None:
                continue
            found = _dropped_state(program, site)
            if found is not None:
                function, old, new = found
                message = self.MESSAGE.format(function=function, old=old, new=new)
            else:
                found = _closed_over_state(program, site, bodies)
                if found is None:
                    continue
                loop, old, new = found
                message = self.MESSAGE_BODY.format(loop=loop, old=old, new=new)
            yield ctx.diagnostic_at(self, site.node, no_fix_reason(
                message, "which name should carry the state is the author's choice"))

    VALID = [
        # The new state is fed back.
        _JNP + "def step(w, s):\n    s = s * 0.9 + 1.0\n    return w - 0.1 * s, s\n"
        "w, s = jnp.ones(2), jnp.zeros(2)\nfor _ in range(3):\n    w, s = step(w, s)\n",
        # An evaluation loop from one state, its new state unused, nothing else threaded.
        _JNP + "def apply(s, x):\n    s2 = s + x\n    return x * 2.0, s2\n"
        "s = jnp.zeros(2)\nouts = []\nfor x in jnp.ones((3, 2)):\n"
        "    out, s_after = apply(s, x)\n    outs.append(out)\n",
        # The result is not computed from the state passed.
        _JNP + "def step(w, s):\n    t = jnp.zeros(2)\n    return w - 0.1 * s, t\n"
        "w, s = jnp.ones(2), jnp.zeros(2)\nfor _ in range(3):\n    w, t = step(w, s)\n",
    ]

    INVALID = [
        # A `scan` step closing over the optimizer state: its update is never carried.
        Invalid(_JNP + "def update(g, state):\n    return -0.1 * g, state + 1.0\n"
                "def fit(w0, xs):\n    opt_state = jnp.zeros(())\n"
                "    def step(w, x):\n        updates, new_opt_state = update(2.0 * w * x, opt_state)\n"
                "        return w + updates, new_opt_state\n"
                "    return jax.lax.scan(step, w0, xs)[1]\n"
                "counts = fit(jnp.ones(()), jnp.ones(3))\n"
                "first, second = counts[0], counts[-1]\n"),
        # optax#424: the optimizer state made before the loop passed at every step.
        Invalid(_JNP + "def update(grads, state):\n"
                "    return -0.1 * grads / (1.0 + state), state + 1.0\n"
                "@jax.jit\ndef train_step(params, state):\n"
                "    grads = 2.0 * params\n    updates, opt_state = update(grads, state)\n"
                "    return params + updates, opt_state\n"
                "params, state = jnp.ones(2), jnp.zeros(2)\ncounts = []\n"
                "for step in range(3):\n    params, opt_state = train_step(params, state)\n"
                "    counts.append(opt_state)\n"
                "first, second = counts[0], counts[-1]\n"),
        # equinox#1071: the new state of a jitted stateful call dropped.
        Invalid(_JNP + "class Counter:\n    def __call__(self, x, state):\n"
                "        new_state = state.at[()].add(1)\n        return x + state, new_state\n"
                "counter = Counter()\ncall = jax.jit(lambda x, s: counter(x, s))\n"
                "state = jnp.zeros(())\nouts = []\n"
                "for _ in range(3):\n    new_x, new_state = call(jnp.ones(()), state)\n"
                "    outs.append(new_x)\n"
                "first, second = outs[0], outs[-1]\n"),
    ]


# `a, b = f(x, y)` on one line: the names bound and the names given.
_ASSIGNED_CALL = re.compile(r"^[ \t]*(?P<outs>\w+(?:[ \t]*,[ \t]*\w+)*)[ \t]*=[ \t]*[\w.]+\("
                            r"(?P<args>[^\n]*)", re.MULTILINE)


def _candidates(program: Program) -> list[ast.Assign]:
    """The assignments of a call's results to a name that may be the new version of one of
    its arguments (as the checks below ask, on names alone): named as its successor (a
    loop body's `new_opt_state`) or as a kind of it (`opt_state` of `state`). Lines are
    matched on the text first; only theirs are looked at in the tree."""
    if "state" not in program.text:
        return []  # (the states this rule follows are named so: `opt_state`, `new_state`)
    lines = set()
    for match, line in match_lines(program.text, _ASSIGNED_CALL.finditer(program.text)):
        outs = re.findall(r"\w+", match.group("outs"))
        args = re.findall(r"\w+", match.group("args"))
        if any("state" in a and (_successor(o, a) or _same_stem(o, a))
               for o in outs for a in args):
            lines.add(line)
    if not lines:
        return []
    return [node for node in program.nodes_on(lines) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and node.lineno in lines]


def _last_name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr \
        if isinstance(func, ast.Attribute) else None


def _loop_bodies(program: Program) -> dict[int, tuple[Scope, str]]:
    """id(def) -> (the def, the loop) for the bodies the file gives `scan`, `fori_loop`,
    `while_loop` (not its condition)."""
    found: dict[int, tuple[Scope, str]] = {}
    for site in list(program.calls):
        kind = LOOPS.get(program.qualified(site.node.func, site.scope) or "")
        if kind is None or kind == "map":
            continue
        for keyword, body in loop_functions(site.node, kind):
            if keyword != "cond_fun":
                for target in program.targets(body, site.scope):
                    found[id(target.function.node)] = (target.function, kind)
    return found


def _closed_over_state(program: Program, site: CallSite,
                       bodies: dict) -> tuple[str, str, str] | None:
    """(loop, the state, its new value) for a call in a loop body given a state the body
    closes over, whose result named as its successor (`new_opt_state`) the body does not
    carry: the next step sees the closed-over state again (an optimizer's state in a
    `scan` step: its count stays at 1)."""
    body = site.scope.function
    if body is None or id(body.node) not in bodies:
        return None
    statement = site.statement
    if not isinstance(statement, ast.Assign) or statement.value is not site.node:
        return None
    outs = [n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    carried = _carried_names(body)
    for arg in site.node.args:
        if not isinstance(arg, ast.Name) or arg.id in body.params:
            continue
        bindings = program.lookup(site.scope, arg.id)
        if not bindings or any(b.scope is not None and b.scope.within(body) for b in bindings):
            continue  # the body's own, or given to it
        for new in outs:
            if _successor(new, arg.id) and new not in carried:
                return bodies[id(body.node)][1], arg.id, new
    return None


def _carried_names(body: Scope) -> set[str]:
    """The names a loop body returns in its carry: a `scan` body's first result, a
    `fori_loop`/`while_loop` body's whole result."""
    found: set[str] = set()
    for node in ast.walk(body.node):
        if isinstance(node, ast.Return) and node.value is not None:
            value = node.value
            carry = value.elts[0] if isinstance(value, ast.Tuple) and len(value.elts) == 2 \
                else value
            found.update(n.id for n in ast.walk(carry) if isinstance(n, ast.Name))
    return found


def _dropped_state(program: Program, site: CallSite) -> tuple[str, str, str] | None:
    """(function, the state passed, the new state dropped) for a call in a loop."""
    loop = next((loop for loop in reversed(site.loops) if isinstance(loop, _PYTHON_LOOPS)),
                None)
    statement = site.statement
    if loop is None or not isinstance(statement, ast.Assign) or statement.value is not \
            site.node or len(statement.targets) != 1:
        return None
    target = statement.targets[0]
    outputs = target.elts if isinstance(target, ast.Tuple) else [target]
    names = [o.id if isinstance(o, ast.Name) else None for o in outputs]
    passed = {a.id for a in site.node.args if isinstance(a, ast.Name)}
    threads = any(n in passed for n in names if n)
    resolved = _function_of(program, site.node.func, site.scope)
    if resolved is None:
        return None
    function, offset = resolved
    for index, arg in enumerate(site.node.args):
        if not isinstance(arg, ast.Name) or arg.id in names or \
                _rebound_in(program, site.scope, arg.id, loop):
            continue
        params = function.positional[offset:]
        if index >= len(params):
            continue
        for out_index, new in enumerate(names):
            if new is None or new == arg.id:
                continue
            if not (_successor(new, arg.id) or threads and _same_stem(new, arg.id)):
                continue
            if _returns_from(program, function, params[index], out_index, len(names)):
                return function.name, arg.id, new
    return None


def _function_of(program: Program, func: ast.expr, scope: Scope,
                 depth: int = 0) -> tuple[Scope, int] | None:
    """The file's function a call of ``func`` runs and how many leading parameters it binds
    itself (`self`): through `g = jax.jit(f)` and a lambda that calls a function with its
    own parameters in order (`jax.jit(lambda x, s: counter(x, s))`)."""
    if depth > 3:
        return None
    targets = program.targets(func, scope)
    if len(targets) == 1 and not targets[0].partial_args and not targets[0].partial_keywords:
        function = targets[0].function
        if function.is_lambda and isinstance(function.node.body, ast.Call):  # type: ignore
            inner = function.node.body  # type: ignore[attr-defined]
            if [a.id for a in inner.args if isinstance(a, ast.Name)] == function.positional:
                return _function_of(program, inner.func, function, depth + 1)
            return None
        return function, 1 if targets[0].bound_self else 0
    if isinstance(func, ast.Name):
        bind = program.reaching(scope, func)
        value = bind.value if bind is not None and bind.kind == "assign" else None
        if isinstance(value, ast.Call) and value.args and program.qualified(
                value.func, bind.scope or scope) in COMPILING:
            return _function_of(program, value.args[0], bind.scope or scope, depth + 1)
    return None


def _rebound_in(program: Program, scope: Scope, name: str, loop: ast.AST) -> bool:
    """Whether ``name`` is bound inside ``loop`` (or is its target)."""
    for node in ast.walk(loop):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
    return False


_SUCCESSOR_FORMS = ("new_{}", "{}_new", "next_{}", "{}_next", "updated_{}", "{}_updated",
                    "new{}", "{}2", "{}_out")


def _successor(new: str, old: str) -> bool:
    """Whether ``new`` is named as the next value of ``old`` (`new_state` of `state`)."""
    return any(form.format(old) == new for form in _SUCCESSOR_FORMS)


def _same_stem(new: str, old: str) -> bool:
    """Whether ``new`` names a kind of ``old`` (`opt_state` of `state`)."""
    return new.endswith("_" + old) or new.startswith(old + "_")


def _returns_from(program: Program, function: Scope, param: str, index: int,
                  count: int) -> bool:
    """Whether every `return` of ``function`` gives, at ``index`` of ``count`` results, a
    value computed from ``param``: a call given it (or a method of it), or a name bound to
    one such call's results."""
    derived = _derived_names(function, param)
    returns = [n.value for n in program.own_nodes(function) if isinstance(n, ast.Return)]
    if isinstance(function.node, ast.Lambda):
        returns = [function.node.body]
    if not returns:
        return False
    for value in returns:
        items = value.elts if isinstance(value, ast.Tuple) else [value] if value else []
        if len(items) != count:
            return False
        item = items[index]
        if not (isinstance(item, ast.Name) and item.id in derived or
                _computed_from(item, param)):
            return False
    return True


def _derived_names(function: Scope, param: str) -> set[str]:
    """Names the function binds to results of a computation given ``param``."""
    found: set[str] = set()
    body = getattr(function.node, "body", [])
    for statement in body if isinstance(body, list) else []:
        if isinstance(statement, ast.Assign) and _computed_from(statement.value, param):
            for target in statement.targets:
                found.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return found


def _computed_from(expr: ast.expr | None, param: str) -> bool:
    """Whether ``expr`` is a call given ``param`` (`optimizer.update(grads, state, ...)`) or
    a method of it (`state.set(...)`, `state.at[i].add(1)`): an update of the state, not
    arithmetic on a value (`x + value`)."""
    if not isinstance(expr, ast.Call):
        return False
    given = [*expr.args, *(k.value for k in expr.keywords)]
    if any(isinstance(a, ast.Name) and a.id == param for a in given):
        return True
    root = expr.func
    while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
        root = root.func if isinstance(root, ast.Call) else root.value
    return isinstance(root, ast.Name) and root.id == param and isinstance(expr.func,
                                                                          ast.Attribute)
