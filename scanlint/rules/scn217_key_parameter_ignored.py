from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.loop_keys import SEEDED, random_function
from scanlint.semantic.program import Program, Scope, own_nodes_of

_JNP = "import jax\nimport jax.numpy as jnp\n"
# A parameter named as a key: `rng`, `key`, `rng_key`, `prng`, `subkey`, `key0`.
_KEY_PARAM = re.compile(r"^(?:[a-z]*_)?(?:rng|key|prng|subkey|seed_key)(?:_[a-z0-9]+|\d*)$")


class KeyParameterIgnored(Rule):
    """
    ## What it does
    Finds a function that takes a PRNG key (a parameter named `rng`, `key`, `rng_key`, ...)
    and draws from a key made from a constant seed instead (`jax.random.PRNGKey(0)`,
    `jax.random.key(0)`): the parameter is never read, or it is rebound to the constant key
    before anything reads it.

    ## Why is this bad?
    The caller splits a fresh key for every step, every seed or every batch member, and
    the function throws it away: every call draws the same numbers. Training masks the same
    patches at every step; runs with different seeds are identical copies. Nothing fails.
    A test runs the invalid cases below under JAX and shows two calls with different keys
    draw the same numbers.

    ## Example
    ```python
    def mask(rng, shape):
        rng = jax.random.PRNGKey(0)  # a dummy key for a shape probe
        return jax.random.bernoulli(rng, 0.5, shape)
    ```

    ## Use instead
    ```python
    def mask(rng, shape):
        return jax.random.bernoulli(rng, 0.5, shape)
    ```
    No fix is offered: any fix changes the numbers the program draws.
    """

    CODE = "SCN217"
    NAME = "key-parameter-ignored"
    MESSAGE = ("`{function}` takes key `{param}` but draws from `{seeded}`, a constant seed{how}:"
               " every call draws the same numbers whatever key the caller passes; draw from "
               "`{param}` (split it if several draws need keys)")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "random" not in ctx.text:
            return
        for function, param, seeded, overwritten in ignored_keys(ctx.program):
            read_before = overwritten and any(
                isinstance(n, ast.Name) and n.id == param and isinstance(n.ctx, ast.Load)
                and n.lineno < seeded.lineno for n in ast.walk(function.node))
            how = f", which replaces `{param}` for everything after it" if read_before else \
                f", which replaces `{param}` before it is read" if overwritten else \
                f" (`{param}` is never read)"
            message = self.MESSAGE.format(function=function.name, param=param,
                                          seeded=ctx.program.source(seeded), how=how)
            yield ctx.diagnostic_at(self, seeded, no_fix_reason(
                message, "any fix changes the numbers the program draws"))

    VALID = [
        # The key parameter is split and drawn from.
        _JNP + "def mask(rng, shape):\n    rng, sub = jax.random.split(rng)\n"
        "    return jax.random.bernoulli(sub, 0.5, shape)\n"
        "first, second = mask(jax.random.PRNGKey(1), (8,)), mask(jax.random.PRNGKey(2), (8,))\n",
        # A constant key for a shape probe, after which the parameter is used.
        _JNP + "def init(rng, shape):\n"
        "    probe = jax.random.normal(jax.random.PRNGKey(0), shape)\n"
        "    return jax.random.normal(rng, probe.shape)\n"
        "first, second = init(jax.random.PRNGKey(1), (8,)), init(jax.random.PRNGKey(2), (8,))\n",
        # A constant key rebound for one probe after the parameter served its draws.
        _JNP + "def init(rng, shape):\n    rng, sub = jax.random.split(rng)\n"
        "    params = jax.random.normal(sub, shape)\n"
        "    rng = jax.random.PRNGKey(0)  # a dummy key for the probe\n"
        "    probe = jax.random.normal(rng, shape)\n    return params\n"
        "first, second = init(jax.random.PRNGKey(1), (8,)), init(jax.random.PRNGKey(2), (8,))\n",
        # A parameter named like a key that is not one, and a seeded key with no key
        # parameter at all.
        _JNP + "def lookup(table, key):\n    return table[key]\n"
        "def noise(shape):\n    return jax.random.normal(jax.random.PRNGKey(0), shape)\n"
        "first, second = lookup(jnp.arange(8.0), 1), lookup(jnp.arange(8.0), 2)\n",
    ]

    INVALID = [
        # The key rebound to a dummy seed before it is read
        # (https://github.com/luchris429/purejaxrl/issues/35).
        Invalid(_JNP + "def train(rng):\n    rng = jax.random.PRNGKey(0)  # a dummy rng\n"
                "    rng, sub = jax.random.split(rng)\n"
                "    return jax.random.normal(sub, (8,))\n"
                "first, second = train(jax.random.PRNGKey(1)), train(jax.random.PRNGKey(2))\n"),
        # Rebound to a dummy seed after its first use, then carried into the training loop.
        Invalid(_JNP + "def train(rng):\n    rng, sub = jax.random.split(rng)\n"
                "    params = jax.random.normal(sub, (4,))\n"
                "    rng = jax.random.PRNGKey(0)  # a dummy rng for the probe\n"
                "    probe = jax.random.normal(rng, (4,))\n"
                "    def step(key, _):\n        key, sub = jax.random.split(key)\n"
                "        return key, jax.random.normal(sub, (4,))\n"
                "    _, noise = jax.lax.scan(step, rng, None, length=3)\n"
                "    return params * 0 + noise[-1] + probe * 0\n"
                "first, second = train(jax.random.PRNGKey(1)), train(jax.random.PRNGKey(2))\n"),
        # A method given the step's key, drawing its masks from `key(0)`
        # (p-doom/jasmine's tokenizer).
        Invalid(_JNP + "class Tokenizer:\n"
                "    def mask(self, videos, rng, training=True):\n"
                "        if training:\n"
                "            k_prob, k_mask = jax.random.split(jax.random.key(0))\n"
                "            p = jax.random.uniform(k_prob, minval=0.5, maxval=0.9)\n"
                "            return jax.random.bernoulli(k_mask, p, videos.shape)\n"
                "        return jnp.zeros(videos.shape, bool)\n"
                "tok = Tokenizer()\n"
                "first = tok.mask(jnp.ones(8), jax.random.key(1))\n"
                "second = tok.mask(jnp.ones(8), jax.random.key(2))\n"),
    ]


def ignored_keys(program: Program) -> list[tuple[Scope, str, ast.Call, bool]]:
    """(function, key parameter, the constant-seed key call, whether it rebinds the
    parameter) for each function that takes a key and draws from a constant seed instead."""
    program.ensure_all()
    found = []
    for scope in list(program.scopes.values()):
        if scope.kind != "function" or scope.is_lambda:
            continue
        params = [p for p in scope.params if _KEY_PARAM.match(p)]
        seeded = _seeded_calls(program, scope)
        if not params or not seeded:
            continue
        for param in params:
            # A test reseeding after using its key compares on a fixed seed on purpose.
            overwritten = _overwritten_first(scope.node, param, seeded,
                                             later=not scope.name.startswith("test"))
            if overwritten is not None:
                found.append((scope, param, overwritten, True))
            elif not _reads(scope.node, param):
                found.append((scope, param, seeded[0], False))
    return found


def _seeded_calls(program: Program, scope: Scope) -> list[ast.Call]:
    """`PRNGKey(<constant>)` / `key(<constant>)` calls in the function's own code that a
    `jax.random` call draws from: as its key, or through the name they are bound to. A
    constant key only stored (jumanji's toy generators put `key=PRNGKey(0)` in a state
    they build deterministically) is not a draw."""
    keys = [node.args[0] for node in ast.walk(scope.node) if isinstance(node, ast.Call)
            and node.args and random_function(program, node.func, scope) is not None]
    drawn = {id(key) for key in keys}
    drawn_names = {key.id for key in keys if isinstance(key, ast.Name)}
    bound = {id(n.value): n for n in ast.walk(scope.node) if isinstance(n, ast.Assign)}
    calls = []
    for node in own_nodes_of(scope.node):
        if not (isinstance(node, ast.Call) and len(node.args) == 1 and isinstance(
                node.args[0], ast.Constant) and isinstance(node.args[0].value, int)):
            continue
        if random_function(program, node.func, scope) not in SEEDED:
            continue
        parent = bound.get(id(node))
        named = parent is not None and any(
            isinstance(t, ast.Name) and t.id in drawn_names for t in parent.targets)
        if id(node) in drawn or named:
            calls.append(node)
    return calls


def _overwritten_first(function: ast.AST, param: str, seeded: list[ast.Call],
                       later: bool = True) -> ast.Call | None:
    """The seeded call a top-level `param = <seeded>` statement binds, when no earlier
    statement reads ``param``, or when two or more later statements read it: the constant
    key then serves more than a shape probe (a dummy `rng = PRNGKey(0)` for one probe step
    whose key the training scan then carries: milabench's purejaxrl port,
    https://github.com/mila-iqia/milabench/pull/394)."""
    body = function.body  # type: ignore[attr-defined]
    read_before = False
    for index, statement in enumerate(body):
        if isinstance(statement, ast.Assign) and statement.value in seeded and any(
                isinstance(t, ast.Name) and t.id == param for t in statement.targets):
            reads_after = sum(1 for s in body[index + 1:] if _reads(s, param))
            return statement.value if not read_before or later and reads_after >= 2 else None
        read_before = read_before or _reads(statement, param)
    return None


def _reads(node: ast.AST, param: str) -> bool:
    """Whether ``node`` reads ``param``: a def nested in it reading it counts (a closure)."""
    return any(isinstance(n, ast.Name) and n.id == param and isinstance(n.ctx, ast.Load)
               for n in ast.walk(node))
