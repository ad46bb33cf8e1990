from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import Program, Scope
from scanlint.semantic.prng_keys import DRAWS

_JNP = "import jax\nimport jax.numpy as jnp\n"
_KEYLIKE = re.compile(r"key|rng|seed", re.IGNORECASE)
# Statements after which the rest of their block does not run.
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
# Compound statements whose blocks exclude one another: (node type, its block fields).
_ARMS = {ast.If: ("body", "orelse"), ast.IfExp: ("body", "orelse"),
         ast.Try: ("body", "handlers", "orelse")}


class KeyDrawnTwice(Rule):
    """
    ## What it does
    Finds a PRNG key drawn from twice: two `jax.random` draws (`normal`, `uniform`,
    `bernoulli`, `categorical`, ...) given the same key, or two `jax.random.split`s of it,
    in one function (or at module level), with nothing rebinding the key between them and
    both able to run in one pass (not in the two arms of an `if`, nor after a `return` the
    first one's block always reaches). The key is a name or a constant item of one
    (`keys[0]`). A call of a function of the file that draws from the parameter the key is
    passed to counts as a draw (`half_normal(keys[6], 1.0)`). Which draw the numbers are
    for does not matter: the draws read the same random bits.

    A draw and a later `split` of the same key are not reported (it is a reuse JAX's docs
    advise against too, but the numbers differ); nor a key that comes back through a
    function or an attribute (`self.key`), which the code may replace in between.

    ## Why is this bad?
    A key is a seed: the same key gives the same bits. Two draws from it are not
    independent: `normal(key)` twice gives the same numbers, and a `normal` and a `uniform`
    from it are functions of the same bits. A reset that draws positions and velocities
    from one key gives velocities that copy the positions' noise; two splits of one key
    give the same subkeys. Nothing fails: the statistics are silently wrong. A test runs
    the invalid cases below under JAX and shows the two draws' numbers are the same (or
    computed from the same bits), and the valid ones' are not.

    ## Example
    ```python
    def reset(rng):
        rng, rng1 = jax.random.split(rng)
        qpos = 0.01 * jax.random.normal(rng1, (2,))
        qvel = 0.01 * jax.random.normal(rng1, (2,))
        return qpos, qvel
    ```

    ## Use instead
    ```python
    def reset(rng):
        rng, rng1, rng2 = jax.random.split(rng, 3)
        qpos = 0.01 * jax.random.normal(rng1, (2,))
        qvel = 0.01 * jax.random.normal(rng2, (2,))
        return qpos, qvel
    ```
    No fix is offered: any fix changes the numbers the program draws.
    """

    CODE = "SCN215"
    NAME = "key-drawn-twice"
    MESSAGE = ("`{second}` draws from key `{key}`, which `{first}` on line {line} already drew "
               "from: the two read the same random bits; split the key and give each its own")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "random" not in ctx.text:
            return  # every draw is spelled `random.<draw>` or imported from `jax.random`
        for first, second, key in twice_drawn(ctx.program):
            message = self.MESSAGE.format(
                second=ctx.program.source(second.func), key=key,
                first=ctx.program.source(first.func), line=first.lineno)
            yield ctx.diagnostic_at(self, second, no_fix_reason(
                message, "any fix changes the numbers the program draws"))

    VALID = [
        # A helper given one key twice that does not draw from it.
        _JNP + "def zeros_for(key, n):\n    return jnp.zeros(n)\n"
        "key = jax.random.PRNGKey(0)\nfirst = zeros_for(key, 3) + jax.random.normal(key, (3,))\n"
        "second = zeros_for(key, 3)\n",
        # The helper draws only when its flag says so: the second call does not draw.
        _JNP + "def forward(x, key, training):\n    if training:\n"
        "        x = x * jax.random.bernoulli(key, 0.9, x.shape)\n    return x\n"
        "key = jax.random.PRNGKey(0)\nfirst = forward(jnp.ones(3), key, True)\n"
        "second = forward(jnp.ones(3), key, False)\n",
        # Alternatives of a select: one of the two draws is the result.
        _JNP + "def on_triangle(rng):\n    return jax.random.uniform(rng, (2,))\n"
        "def on_square(rng):\n    return jax.random.normal(rng, (2,))\n"
        "key = jax.random.PRNGKey(0)\nfirst = jax.lax.select(True, on_triangle(key), "
        "on_square(key))\nsecond = jax.random.normal(jax.random.PRNGKey(1), (2,))\n",
        # One set of random features for two inputs (ott's low-rank Gaussian kernel).
        _JNP + "def features(rng, x):\n    w = jax.random.normal(rng, (x.shape[-1], 4))\n"
        "    return jnp.cos(x @ w)\n"
        "key = jax.random.PRNGKey(0)\nfirst = features(key, jnp.ones((2, 3)))\n"
        "second = features(key, jnp.zeros((2, 3)))\n",
        # A key split for each draw.
        _JNP + "def reset(rng):\n    rng, rng1, rng2 = jax.random.split(rng, 3)\n"
        "    qpos = jax.random.normal(rng1, (2,))\n    qvel = jax.random.normal(rng2, (2,))\n"
        "    return qpos, qvel\n"
        "first, second = reset(jax.random.PRNGKey(0))\n",
        # The key rebound between the two draws.
        _JNP + "key = jax.random.PRNGKey(0)\nfirst = jax.random.normal(key, (3,))\n"
        "key, sub = jax.random.split(key)\nsecond = jax.random.normal(sub, (3,))\n",
        # The two draws in the arms of an `if`, and after a `return`: one runs per call.
        _JNP + "def noise(key, kind):\n    if kind == 'normal':\n"
        "        first = jax.random.normal(key, (3,))\n"
        "    else:\n        first = jax.random.uniform(key, (3,))\n"
        "    return first\n"
        "def sample(key, gaussian):\n    if gaussian:\n"
        "        return jax.random.normal(key, (3,))\n"
        "    return jax.random.uniform(key, (3,))\n"
        "first, second = noise(jax.random.PRNGKey(0), 'normal'), sample("
        "jax.random.PRNGKey(1), False)\n",
        # Different items of a batch of keys.
        _JNP + "keys = jax.random.split(jax.random.PRNGKey(0), 2)\n"
        "first = jax.random.normal(keys[0], (3,))\nsecond = jax.random.normal(keys[1], (3,))\n",
        # Each iteration splits the key it draws from first.
        _JNP + "key = jax.random.PRNGKey(0)\ndraws = []\nfor _ in range(2):\n"
        "    key, sub = jax.random.split(key)\n    draws.append(jax.random.normal(sub, (3,)))\n"
        "first, second = draws\n",
    ]

    INVALID = [
        # Two calls of the file's drawing helper with one item of a split
        # (https://github.com/blackjax-devs/blackjax/issues/400).
        Invalid(_JNP + "def half_normal(seed, scale):\n"
                "    return scale * jnp.abs(jax.random.normal(seed, (3,)))\n"
                "keys = jax.random.split(jax.random.PRNGKey(0), 8)\n"
                "first = half_normal(keys[6], 1.0)\nsecond = half_normal(keys[6], 1.0)\n"),
        # Positions and velocities drawn from one key in a reset the rollout calls
        # (https://github.com/google-deepmind/mujoco_playground/pull/349).
        Invalid(_JNP + "class Cartpole:\n    def reset(self, rng):\n"
                "        rng, rng1 = jax.random.split(rng)\n"
                "        qpos = 0.01 * jax.random.normal(rng1, (2,))\n"
                "        qvel = 0.01 * jax.random.normal(rng1, (2,))\n"
                "        return qpos, qvel\n"
                "first, second = Cartpole().reset(jax.random.PRNGKey(0))\n"),
        # Two draws from one key at module level.
        Invalid(_JNP + "key = jax.random.PRNGKey(0)\n"
                "first = jax.random.uniform(key, (3,))\n"
                "second = jax.random.uniform(key, (3,))\n"),
        # Two splits of one key give the same subkeys.
        Invalid(_JNP + "def init(key):\n    k_w, k_b = jax.random.split(key)\n"
                "    k_u, k_v = jax.random.split(key)\n"
                "    return jax.random.normal(k_w, (3,)), jax.random.normal(k_u, (3,))\n"
                "first, second = init(jax.random.PRNGKey(0))\n"),
    ]


def twice_drawn(program: Program) -> list[tuple[ast.Call, ast.Call, str]]:
    """(first call, second call, the key as written) for each key drawn from twice."""
    program.ensure_all()
    groups: dict[tuple, list[ast.Call]] = {}
    keys: dict[tuple, ast.expr] = {}
    scopes: dict[int, Scope] = {}
    for site in program.calls:
        kind = _kind(program, site.node, site.scope)
        key = _key(site.node) if kind else _helper_key(program, site)
        if key is None:
            continue
        kind = kind or "draw"
        owner = _owner(site.scope)
        scopes[id(owner.node)] = owner
        group = (id(owner.node), kind, ast.dump(key))
        groups.setdefault(group, []).append(site.node)
        keys[group] = key
    found = []
    parents_of: dict[int, dict] = {}  # one map per function, shared by its keys
    for group, calls in groups.items():
        owner_id = group[0]
        if len(calls) < 2:
            continue
        owner = scopes[owner_id]
        calls.sort(key=lambda c: (c.lineno, c.col_offset))
        if owner_id not in parents_of:
            parents_of[owner_id] = _parents(owner.node)
        parents = parents_of[owner_id]
        key = keys[group]
        for first, second in zip(calls, calls[1:]):
            if not _rebound(program, owner, _base(key), first, second, parents) and \
                    not _exclusive(program, owner, first, second, parents) and \
                    not _common_numbers(program, owner, first, second):
                found.append((first, second, program.source(key)))
                break  # one finding per key: the second draw says it
    return found


def _kind(program: Program, call: ast.Call, scope: Scope) -> str | None:
    q = program.qualified(call.func, scope) or ""
    module, _, last = q.rpartition(".")
    if module not in ("jax.random", "jax._src.random"):
        return None
    return "draw" if last in DRAWS else "split" if last == "split" else None


def _key(call: ast.Call) -> ast.expr | None:
    """The key argument when it is a name or a constant item of one (`keys[0]`)."""
    key = call.args[0] if call.args else next(
        (k.value for k in call.keywords if k.arg == "key"), None)
    return _key_expression(key)


def _key_expression(key: ast.expr | None) -> ast.expr | None:
    if isinstance(key, ast.Name):
        return key
    if isinstance(key, ast.Subscript) and isinstance(key.value, ast.Name) and \
            isinstance(key.slice, ast.Constant) and isinstance(key.slice.value, int):
        return key
    return None


def _helper_key(program: Program, site) -> ast.expr | None:
    """The key a call of the file's function passes to a parameter it draws from (a
    `half_normal_sample(keys[6], 1.0)` that calls `jax.random.normal(seed, ...)`): two such
    calls with one key read the same bits (blackjax#400)."""
    # (only calls given something named as a key: `keys[6]`, `rng`, `seed`)
    given = [*site.node.args, *(k.value for k in site.node.keywords)]
    if not any(_KEYLIKE.search(_base(k)) for k in map(_key_expression, given) if k is not None):
        return None
    targets = program.targets(site.node.func, site.scope)
    if len(targets) != 1 or targets[0].partial_args or targets[0].partial_keywords:
        return None
    function = targets[0].function
    for param in function.params:
        passed = function.argument(site.node, param, targets[0].bound_self)
        key = _key_expression(passed) if passed is not None else None
        if key is not None and _always_draws(program, function, param):
            return key
    return None


def _always_draws(program: Program, function: Scope, param: str, depth: int = 0) -> bool:
    """Whether every run of ``function`` draws from its parameter ``param``: a draw or
    split of it (or a call of the file's function that always does) outside any `if`,
    loop, `try` or conditional expression (`forward(w, x, key, training)` drawing only
    when `training` is not)."""
    if depth > 2 or isinstance(function.node, ast.Lambda) or param not in function.params:
        return False
    for node in _unconditional(function.node.body):  # type: ignore[attr-defined]
        if not isinstance(node, ast.Call):
            continue
        scope = program.call_at[id(node)].scope if id(node) in program.call_at else function
        if _kind(program, node, scope) and _key(node) is not None and \
                isinstance(_key(node), ast.Name) and _key(node).id == param:
            return True
        for target in program.targets(node.func, scope):
            inner = target.function
            if inner is function or target.partial_args:
                continue
            for name in inner.params:
                arg = inner.argument(node, name, target.bound_self)
                if isinstance(arg, ast.Name) and arg.id == param and \
                        _always_draws(program, inner, name, depth + 1):
                    return True
    return False


def _unconditional(body: list[ast.stmt]):
    """The nodes of ``body`` that run whenever it runs: not under an `if`, a loop, a
    `try`, a conditional expression, a boolean operator or a nested def."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.IfExp,
                             ast.BoolOp, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                             ast.ClassDef, ast.Match, ast.ListComp, ast.SetComp,
                             ast.DictComp, ast.GeneratorExp)):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _base(key: ast.expr) -> str:
    return key.id if isinstance(key, ast.Name) else key.value.id  # type: ignore[union-attr]


def _owner(scope: Scope) -> Scope:
    """The function (or module) whose code a call is part of: a comprehension's is its
    enclosing function's."""
    while scope.kind == "comprehension" and scope.parent is not None:
        scope = scope.parent
    return scope


def _parents(root: ast.AST) -> dict[int, ast.AST]:
    parents = {}
    for node in ast.walk(root):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    return parents


def _rebound(program: Program, owner: Scope, name: str, first: ast.Call, second: ast.Call,
             parents: dict) -> bool:
    """Whether a binding of ``name`` takes effect between the two calls: an assignment
    counts where its statement ends (`key, sub = split(key)` rebinds after the call)."""
    start, end = (first.end_lineno, first.end_col_offset), (second.lineno, second.col_offset)
    for node in program.own_nodes(owner):
        if not (isinstance(node, ast.Name) and node.id == name
                and isinstance(node.ctx, (ast.Store, ast.Del))):
            continue
        holder = parents.get(id(node))
        while isinstance(holder, (ast.Tuple, ast.List, ast.Starred)):
            holder = parents.get(id(holder))
        at = holder if isinstance(holder, (ast.Assign, ast.AugAssign, ast.AnnAssign,
                                           ast.NamedExpr)) else node
        where = (at.end_lineno, at.end_col_offset)
        if start <= where <= end:
            return True
        if isinstance(holder, (ast.For, ast.AsyncFor)) and _inside(second, holder, parents):
            return True  # a loop variable: bound anew at each iteration
    return False


def _inside(node: ast.AST, ancestor: ast.AST, parents: dict) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = parents.get(id(node))
    return False


def _common_numbers(program: Program, owner: Scope, first: ast.Call, second: ast.Call) -> bool:
    """Two calls of one function of the file on different data with one key: the same
    random numbers for two inputs may be the point (ott's `_gaussian_kernel(rng, x, ...)`
    and `(rng, y, ...)`: one set of random features for both). The same call written
    twice is not (blackjax#400)."""
    if _kind(program, first, owner) or _kind(program, second, owner):
        return False
    return program.source(first) != program.source(second) and \
        program.source(first.func) == program.source(second.func)


# Calls whose arguments after the first are alternatives: one of them is the result.
_SELECTS = frozenset({"jax.numpy.where", "jax.lax.select", "jax.lax.cond", "jax.numpy.select",
                      "jax.lax.select_n", "jax.lax.switch"})


def _exclusive(program: Program, owner: Scope, first: ast.Call, second: ast.Call,
               parents: dict) -> bool:
    """Whether the two cannot both run in one pass, or only one of them is used: in
    different arms of an `if`, a conditional expression or a `try`, in different
    alternatives of a `where`/`select` (kinetix's `select(n <= 3, on_triangle(rng, ...),
    on_rectangle(rng, ...))`), or the second after an exit the first's block always
    reaches."""
    chain = _chain(first, parents)
    arms = {id(node): arm for node, arm in chain}
    common, arm = next(((n, a) for n, a in _chain(second, parents) if id(n) in arms),
                       (None, ""))
    if isinstance(common, ast.Call) and program.qualified(common.func, owner) in _SELECTS:
        return True
    if type(common) in _ARMS and arm != arms[id(common)] and \
            {arm, arms[id(common)]} <= set(_ARMS[type(common)]):
        return True
    for node, arm in chain:
        if node is common:
            break
        block = getattr(node, arm, None)
        child = next((c for c, _ in chain if parents.get(id(c)) is node), None)
        if isinstance(block, list) and child in block and any(
                isinstance(s, _EXITS) for s in block[block.index(child):]):
            return True
    return False


def _chain(node: ast.AST, parents: dict) -> list[tuple[ast.AST, str]]:
    """The ancestors of ``node``, innermost first, each with the field holding the path."""
    chain = []
    child = node
    parent = parents.get(id(node))
    while parent is not None:
        arm = next((name for name, value in ast.iter_fields(parent)
                    if value is child or (isinstance(value, list) and any(
                        v is child for v in value))), "")
        chain.append((parent, arm))
        child, parent = parent, parents.get(id(parent))
    return chain
