from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import Program, Scope
from scanlint.semantic.prng_keys import DRAWS

_JNP = "import jax\nimport jax.numpy as jnp\n"
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
    (`keys[0]`). Which draw the numbers are for does not matter: the draws read the same
    random bits.

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
    scopes: dict[int, Scope] = {}
    for site in program.calls:
        kind = _kind(program, site.node, site.scope)
        key = _key(site.node) if kind else None
        if key is None:
            continue
        owner = _owner(site.scope)
        scopes[id(owner.node)] = owner
        groups.setdefault((id(owner.node), kind, ast.dump(key)), []).append(site.node)
    found = []
    parents_of: dict[int, dict] = {}  # one map per function, shared by its keys
    for (owner_id, _, _), calls in groups.items():
        if len(calls) < 2:
            continue
        owner = scopes[owner_id]
        calls.sort(key=lambda c: (c.lineno, c.col_offset))
        if owner_id not in parents_of:
            parents_of[owner_id] = _parents(owner.node)
        parents = parents_of[owner_id]
        key = _key(calls[0])
        for first, second in zip(calls, calls[1:]):
            if not _rebound(program, owner, _base(key), first, second, parents) and \
                    not _exclusive(first, second, parents):
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
    if isinstance(key, ast.Name):
        return key
    if isinstance(key, ast.Subscript) and isinstance(key.value, ast.Name) and \
            isinstance(key.slice, ast.Constant) and isinstance(key.slice.value, int):
        return key
    return None


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


def _exclusive(first: ast.Call, second: ast.Call, parents: dict) -> bool:
    """Whether the two cannot both run in one pass: in different arms of an `if`, a
    conditional expression or a `try`, or the second after an exit the first's block
    always reaches."""
    chain = _chain(first, parents)
    arms = {id(node): arm for node, arm in chain}
    common, arm = next(((n, a) for n, a in _chain(second, parents) if id(n) in arms),
                       (None, ""))
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
