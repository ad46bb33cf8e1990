from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext


class ScanWithoutLength(Rule):
    """
    ## What it does
    Finds `jax.lax.scan` calls with no `xs` (omitted or the literal `None`) and no `length=`.

    ## Why is this bad?
    With nothing to scan over, scan cannot know how many steps to run; JAX fails when the
    call is traced: "scan got no values to scan over and `length` not provided."

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
            if site.callee != "scan" or not site.args_complete or "length" in site.args:
                continue
            xs = site.args.get("xs")
            if xs is None or (isinstance(xs, cst.Name) and xs.value == "None"):
                yield ctx.diagnostic(self, site.call, self.MESSAGE, statement=site.statement)

    VALID = [
        "import jax\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, None, length=3)\n",
        "import jax\nimport jax.numpy as jnp\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3))\n",
        # Arguments hidden behind ** are not guessed at.
        "import jax\nkw = {'length': 3}\nout = jax.lax.scan(lambda c, x: (c, x), 0.0, **kw)\n",
    ]

    INVALID = [
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c, c), 0.0, None)\n"),
        Invalid("import jax\nout = jax.lax.scan(lambda c, x: (c, c), 0.0)\n"),
        Invalid("from jax import lax\nout = lax.scan(f=lambda c, x: (c, c), init=0.0, xs=None)\n"),
    ]
