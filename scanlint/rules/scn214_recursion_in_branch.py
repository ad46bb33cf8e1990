from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import Program, Scope

_JNP = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n"
# The branch functions of a `cond` (positions 1 and 2) and of a `switch` (a sequence at 1).
_CONDS = frozenset({"jax.lax.cond"})
_SWITCHES = frozenset({"jax.lax.switch"})


class RecursionInBranch(Rule):
    """
    ## What it does
    Finds a `lax.cond` or `lax.switch` in a function whose branches call that function
    again: a recursion whose base case is chosen by the `cond` (`lax.cond(n == 1, leaf,
    split, x)` with `split` calling the function on halves). The branch may be a def, a
    lambda or a `functools.partial` the cond is given; the call may be the function's own
    name or a method of the same class (`self.build`).

    ## Why is this bad?
    `lax.cond` traces every branch, whatever the predicate, to build the program: the
    branch that recurses is traced again inside itself, with no end, until Python raises
    `RecursionError: maximum recursion depth exceeded`
    (https://github.com/jax-ml/jax/issues/4858). The base case must be decided by a Python
    value known while tracing (a shape, a static argument), with a Python `if`.

    ## Example
    ```python
    def tree_sum(x):
        n = x.shape[0]
        def split(v):
            return tree_sum(v[: n // 2]) + tree_sum(v[n // 2:])
        return lax.cond(n == 1, lambda v: v.sum(), split, x)
    ```

    ## Use instead
    ```python
    def tree_sum(x):
        n = x.shape[0]
        if n == 1:  # a shape: known while tracing
            return x[0]
        return tree_sum(x[: n // 2]) + tree_sum(x[n // 2:])
    ```
    No fix is offered: which value decides the base case is the author's to say.
    """

    CODE = "SCN214"
    NAME = "recursion-in-cond-branch"
    MESSAGE = ("`{branch}`, a branch of this `{cond}`, calls `{function}` again: `{cond}` "
               "traces every branch, so tracing recurses without end (RecursionError); decide "
               "the base case with a Python `if` on a value known while tracing")
    PROGRAM = True
    JAX_ERROR = "maximum recursion depth exceeded"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        program.ensure_all()
        for site in list(program.calls):
            q = program.qualified(site.node.func, site.scope)
            if q not in _CONDS and q not in _SWITCHES:
                continue
            function = site.scope.function
            if function is None:
                continue
            for branch in _branches(site.node, q in _SWITCHES):
                called = _recursing(program, branch, site.scope, function)
                if called is not None:
                    message = self.MESSAGE.format(branch=program.source(branch),
                                                  cond=q.rsplit(".", 1)[-1],
                                                  function=function.name)
                    yield ctx.diagnostic_at(self, called, no_fix_reason(
                        message, "which value decides the base case is the author's to say"),
                        statement=site.statement)
                    break

    VALID = [
        # The base case decided by a shape, with a Python `if`.
        _JNP + "def tree_sum(x):\n    n = x.shape[0]\n    if n == 1:\n        return x[0]\n"
        "    return tree_sum(x[: n // 2]) + tree_sum(x[n // 2:])\n"
        "out = jax.jit(tree_sum)(jnp.arange(4.0))\n",
        # A `cond` whose branches call other functions, not the one holding it.
        _JNP + "def leaf(v):\n    return v * 2\n"
        "def node(v):\n    return leaf(v) + 1\n"
        "def step(x):\n    return lax.cond(x.sum() > 0, leaf, node, x)\n"
        "out = jax.jit(step)(jnp.ones(3))\n",
    ]

    INVALID = [
        # The recursion's base case chosen by `lax.cond` (https://github.com/jax-ml/jax/issues/4858).
        Invalid(_JNP + "def tree_sum(x):\n    n = x.shape[0]\n"
                "    def split(v):\n        return tree_sum(v[: n // 2]) + tree_sum(v[n // 2:])\n"
                "    return lax.cond(n == 1, lambda v: v.sum(), split, x)\n"
                "out = jax.jit(tree_sum)(jnp.arange(4.0))\n"),
        # ... a method's `switch` whose lambda branch calls the method again.
        Invalid(_JNP + "class Tree:\n    def depth_sum(self, x, k):\n"
                "        return lax.switch(k, [lambda v: v, "
                "lambda v: self.depth_sum(v * 2, k - 1)], x)\n"
                "out = Tree().depth_sum(jnp.ones(2), jnp.int32(1))\n"),
    ]


def _branches(call: ast.Call, switch: bool) -> list[ast.expr]:
    if switch:
        found = call.args[1] if len(call.args) > 1 else next(
            (k.value for k in call.keywords if k.arg == "branches"), None)
        return list(found.elts) if isinstance(found, (ast.List, ast.Tuple)) else []
    return [a for a in call.args[1:3] if not isinstance(a, ast.Starred)] + [
        k.value for k in call.keywords if k.arg in ("true_fun", "false_fun")]


def _recursing(program: Program, branch: ast.expr, scope: Scope,
               function: Scope) -> ast.Call | None:
    """The call in ``branch``'s code that runs ``function`` again, if any."""
    for target in program.targets(branch, scope):
        for node in program.own_nodes(target.function):
            if isinstance(node, ast.Call) and any(
                    inner.function is function
                    for inner in program.targets(node.func, target.function)):
                return node
    return None
