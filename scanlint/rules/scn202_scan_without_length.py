from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.abstract_eval import Context, value_of
from scanlint.semantic.avals import NONE, Container, Value


class ScanWithoutLength(Rule):
    """
    ## What it does
    Finds `jax.lax.scan` calls with nothing to scan over and no `length=` (or `length=None`).
    Nothing to scan over is an omitted `xs`, `None`, or a pytree with no arrays in it (`()`,
    `[]`, `{}`, `(None, None)`), written at the call, bound to a name the call passes, or
    passed by every caller of the function in the file for the parameter the call passes
    (`def simulate(k, drive=None)` called without `drive`). Flax NNX's `nnx.scan`, whose
    scanned arguments its `in_axes` place, is not checked.

    ## Why is this bad?
    With nothing to scan over, scan cannot know how many steps to run; JAX fails when the
    call is traced: "scan got no values to scan over and `length` not provided." (An empty
    pytree has no leaves to take a length from either.)

    ## Example
    ```python
    final, traj = jax.lax.scan(step, init, None)
    ```

    ## Use instead
    ```python
    final, traj = jax.lax.scan(step, init, None, length=100)
    ```
    """

    CODE = "SCN202"
    NAME = "scan-without-length"
    MESSAGE = "`scan` has no `xs` and no `length=`: JAX cannot tell how many steps to run"
    JAX_ERROR = "scan got no values to scan over and `length` not provided"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            if site.callee != "scan" or site.nnx or not site.args_complete or not _no_value(
                    ctx, site, site.args.get("length")):
                continue
            if _no_value(ctx, site, site.args.get("xs")):
                yield ctx.diagnostic(self, site.call, self.MESSAGE, statement=site.statement)

    VALID = [
        "import jax\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, None, length=3)\n",
        "import jax\nimport jax.numpy as jnp\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3))\n",
        # A name bound to an array; a parameter some caller passes an array to.
        "import jax\nimport jax.numpy as jnp\ndef run(c0):\n    inputs = jnp.ones(3)\n"
        "    return jax.lax.scan(lambda c, u: (c + u, c), c0, inputs)\nout = run(1.0)\n",
        "import jax\nimport jax.numpy as jnp\ndef rollout(c0, drive=None):\n"
        "    return jax.lax.scan(lambda c, u: (c * 0.5, c), c0, drive)\n"
        "a = rollout(1.0, jnp.ones(3))\nb = rollout(2.0, jnp.ones(4))\n",
        # Arguments hidden behind ** are not guessed at.
        "import jax\nkw = {'length': 3}\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, **kw)\n",
    ]

    INVALID = [
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c, c), 0.0, None)\n"),
        # Nothing to scan, through a name; an empty tuple; a pytree of Nones, `length=None`.
        Invalid("from jax import lax\ndef run(c0):\n    inputs = None\n"
                "    return lax.scan(lambda c, u: (c * 2, c), c0, inputs)\nout = run(1.0)\n"),
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c + 1, c), 0.0, [])\n"),
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c + 1, c), 0.0, (None, None), "
                "length=None)\n"),
        # xs is a parameter every caller leaves to its default `None`.
        Invalid("import jax\ndef rollout(c0, drive=None):\n"
                "    return jax.lax.scan(lambda c, u: (c * 0.5, c), c0, drive)\n"
                "a = rollout(1.0)\nb = rollout(2.0)\n"),
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c, c), 0.0)\n"),
        Invalid("from jax import lax\nout = lax.scan(f=lambda c, x: (c, c), init=0.0, xs=None)\n"),
    ]


def _no_value(ctx: RuleContext, site, expr: cst.BaseExpression | None) -> bool:
    """Omitted, `None`, or visibly a pytree without leaves."""
    if expr is None:
        return True
    return _leafless(value_of(expr, Context(ctx.model, site.scope, {}, set())))


def _leafless(value: Value) -> bool:
    return value is NONE or (isinstance(value, Container) and value.kind != "none"
                             and all(_leafless(item) for item in value.items))
