from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.loop_keys import draws_from, random_function, reaches_a_draw
from scanlint.semantic.program import Program, Scope

_JNP = "import jax\nimport jax.numpy as jnp\n"
# `vmap`-like transformations whose `in_axes=None` gives every batch member the same value.
_MAPS = frozenset({"jax.vmap", "jax.pmap"})
# Names of a key, for a parameter whose draws the file does not show directly (it goes on
# into a loop's carry or an object).
_KEY_NAME = re.compile(r"(?:^|_)(?:rng|key|prng|keys|rngs)(?:$|_|\d)|^(?:rng|key)", re.I)


class KeySharedAcrossVmap(Rule):
    """
    ## What it does
    Finds a PRNG key that `jax.vmap` (or `pmap`) gives unmapped to every batch member
    (`in_axes=None`, or `None` at the key's place) of a function that draws from it: a
    `jax.random` draw or `split` of the key, in the function or in a function of the file it
    passes the key to; or, for a parameter named as a key (`rng`, `key`, `rng_key`), any
    draw the function reaches. Every member then draws the same numbers: chains of a
    sampler that are copies of one another, environments reset to the same state.

    A function that selects its member's own key is left alone: `fold_in(key, i)` with a
    mapped index, or `split(key, n)[i]`.

    ## Why is this bad?
    `in_axes=None` broadcasts the value: each member gets the same key, and the same key
    gives the same bits. Nothing fails; the batch's statistics are those of one member
    (numpyro's multi-chain driver gave 4 identical chains this way). A test runs the
    invalid cases below under JAX and shows the members' numbers are equal.

    ## Example
    ```python
    def rollout(key, x):
        return x + jax.random.normal(key, x.shape)

    noisy = jax.vmap(rollout, in_axes=(None, 0))(key, xs)
    ```

    ## Use instead
    ```python
    keys = jax.random.split(key, xs.shape[0])
    noisy = jax.vmap(rollout)(keys, xs)
    ```
    No fix is offered: any fix changes the numbers the program draws.
    """

    CODE = "SCN216"
    NAME = "key-shared-across-vmap"
    MESSAGE = ("`{transform}` gives key `{param}` unmapped to every batch member of `{function}`, "
               "which draws from it: every member draws the same numbers; split the key "
               "(`jax.random.split(key, n)`) and map it")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "map" not in ctx.text or "random" not in ctx.text:
            return
        for node, transform, function, param in shared_keys(ctx.program):
            message = self.MESSAGE.format(transform=transform, param=param,
                                          function=ctx.program.source(node.args[0]))
            yield ctx.diagnostic_at(self, node, no_fix_reason(
                message, "any fix changes the numbers the program draws"))

    VALID = [
        # A key per member.
        _JNP + "def rollout(key, x):\n    return x + jax.random.normal(key, x.shape)\n"
        "xs = jnp.zeros((2, 3))\n"
        "draws = jax.vmap(rollout)(jax.random.split(jax.random.PRNGKey(0), 2), xs)\n",
        # One key, folded with each member's index.
        _JNP + "def rollout(key, i, x):\n    key = jax.random.fold_in(key, i)\n"
        "    return x + jax.random.normal(key, x.shape)\n"
        "xs = jnp.zeros((2, 3))\n"
        "draws = jax.vmap(rollout, in_axes=(None, 0, 0))(jax.random.PRNGKey(0), "
        "jnp.arange(2), xs)\n",
        # An unmapped parameter that is not drawn from.
        _JNP + "def scale(w, x):\n    return w * x\n"
        "draws = jax.vmap(scale, in_axes=(None, 0))(2.0, jax.random.normal("
        "jax.random.PRNGKey(0), (2, 3)))\n",
    ]

    INVALID = [
        # One key broadcast to every member of a `vmap` over data.
        Invalid(_JNP + "def rollout(key, x):\n    return x + jax.random.normal(key, x.shape)\n"
                "xs = jnp.zeros((2, 3))\n"
                "draws = jax.vmap(rollout, in_axes=(None, 0))(jax.random.PRNGKey(0), xs)\n"),
        # Chains of a sampler, the key carried through a `scan` and split at each step
        # (numpyro's multi-chain driver; https://github.com/pyro-ppl/numpyro/issues/25).
        Invalid(_JNP + "def kernel(state):\n    z, rng = state\n"
                "    rng, sub = jax.random.split(rng)\n"
                "    return z + jax.random.normal(sub, z.shape), rng\n"
                "def chain(rng, z0):\n"
                "    def body(state, _):\n        state = kernel(state)\n"
                "        return state, state[0]\n"
                "    return jax.lax.scan(body, (z0, rng), None, length=3)[1]\n"
                "run = lambda r: chain(r, jnp.zeros(2))\n"
                "draws = jax.vmap(run, in_axes=None, axis_size=2)(jax.random.PRNGKey(0))\n"),
        # Through a helper, the vmapped function bound to a name first.
        Invalid(_JNP + "def noise(k, shape):\n    return jax.random.uniform(k, shape)\n"
                "def reset(rng, level):\n    return noise(rng, (3,)), level\n"
                "batched = jax.vmap(reset, in_axes=(None, 0))\n"
                "draws, levels = batched(jax.random.PRNGKey(1), jnp.arange(2.0))\n"),
    ]


def shared_keys(program: Program) -> list[tuple[ast.AST, str, Scope, str]]:
    """(where, transformation, function, parameter) for each key a `vmap` leaves unmapped
    to a function that draws from it."""
    program.ensure_all()
    found = []
    for site in list(program.calls):
        q = program.qualified(site.node.func, site.scope)
        if q not in _MAPS or not site.node.args:
            continue
        targets = program.targets(site.node.args[0], site.scope)
        if len(targets) != 1:
            continue
        function = targets[0].function
        params = function.positional[1:] if targets[0].bound_self else function.positional
        for param in _unmapped(site.node, params):
            if _own_key_selected(program, function, param):
                continue
            if draws_from(program, function, param, holders=False) or (
                    _named_as_key(program, function, param) and
                    reaches_a_draw(program, function)):
                found.append((site.node, q, function, param))
    return found


def _named_as_key(program: Program, function: Scope, param: str, depth: int = 0) -> bool:
    """``param`` is named as a key, or passed on as one: to a parameter of a function of
    the file that is (`lambda r: chain(r, x0)` with `def chain(rng, x0)`)."""
    if _KEY_NAME.search(param):
        return True
    if depth > 1:
        return False
    for call in ast.walk(function.node):
        if not isinstance(call, ast.Call):
            continue
        site = program.call_at.get(id(call))
        for target in program.targets(call.func, site.scope if site else function):
            params = target.function.positional[1:] if target.bound_self else \
                target.function.positional
            passed = [*zip(params, call.args), *((k.arg, k.value) for k in call.keywords)]
            if any(isinstance(arg, ast.Name) and arg.id == param and inner and
                   _named_as_key(program, target.function, inner, depth + 1)
                   for inner, arg in passed):
                return True
    return False


def _unmapped(call: ast.Call, params: list[str]) -> list[str]:
    """The parameters `in_axes` (keyword or second argument) leaves unmapped."""
    axes = next((k.value for k in call.keywords if k.arg == "in_axes"),
                call.args[1] if len(call.args) > 1 else None)
    if axes is None:
        return []
    if isinstance(axes, ast.Constant) and axes.value is None:
        return list(params)
    if isinstance(axes, (ast.Tuple, ast.List)) and len(axes.elts) == len(params):
        return [name for name, axis in zip(params, axes.elts)
                if isinstance(axis, ast.Constant) and axis.value is None]
    return []


def _own_key_selected(program: Program, function: Scope, param: str) -> bool:
    """The function derives its member's own key from ``param``: `fold_in(param, i)` with a
    value that is not a constant, or `split(param, n)[i]`."""
    for node in ast.walk(function.node):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Call):
            call = node.value
            if random_function(program, call.func, function) == "split" and \
                    _first_is(call, param) and not isinstance(node.slice, ast.Constant):
                return True
        if isinstance(node, ast.Call) and \
                random_function(program, node.func, function) == "fold_in" and \
                _first_is(node, param) and len(node.args) > 1 and \
                not isinstance(node.args[1], ast.Constant):
            return True
    return False


def _first_is(call: ast.Call, name: str) -> bool:
    return bool(call.args) and isinstance(call.args[0], ast.Name) and call.args[0].id == name
