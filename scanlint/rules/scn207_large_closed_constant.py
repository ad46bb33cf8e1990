from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.analysis import captures
from scanlint.carry import step_function
from scanlint.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.scopes import qualified_name

ARRAY_MAKERS = ("jax.numpy.", "numpy.", "jax.random.")


class LargeClosedConstant(Rule):
    """
    ## What it does
    Finds a loop body that reads a module-level array built when the module is imported
    (`W = jnp.ones((1000, 1000))`, `np.load(...)`, `jax.random.normal(...)`).

    ## Why is this bad?
    A concrete array a function closes over is not an argument of the jitted computation: JAX
    embeds it in the compiled program as a constant. Measured here, a 1000x1000 float32 array
    made 8 MB of StableHLO and slower compiles, and every distinct value compiles anew. Passing
    the array as an argument keeps it out of the program.

    ## Example
    ```python
    W = jnp.ones((1000, 1000))
    def step(c, x):
        return jnp.tanh(W @ c + x), c
    ```

    ## Use instead
    ```python
    def rollout(W, c0, xs):
        def step(c, x):
            return jnp.tanh(W @ c + x), c
        return jax.lax.scan(step, c0, xs)
    rollout(W, c0, xs)
    ```
    """

    CODE = "SCN207"
    NAME = "large-closed-constant"
    MESSAGE = ("Step function reads module-level array `{name}` built at import time: under "
               "`jit` it is compiled in as a constant; pass it as an argument")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site)
            if step is None:
                continue
            for capture in captures(ctx.model, step):
                if capture.category == "global" and _built_array(capture.bindings):
                    yield ctx.diagnostic(self, site.call, self.MESSAGE.format(name=capture.name),
                                         statement=site.statement)

    VALID = [
        "import jax\nimport jax.numpy as jnp\nSCALE = 2.0\n"
        "def run(W, xs):\n    def step(c, x):\n        return jnp.tanh(W @ c * SCALE + x), c\n"
        "    return jax.lax.scan(step, jnp.zeros(3), xs)\n",
    ]

    INVALID = [
        Invalid("import jax\nimport jax.numpy as jnp\nW = jnp.ones((1000, 1000))\n"
                "def run(xs):\n    def step(c, x):\n        return jnp.tanh(W @ c + x), c\n"
                "    return jax.lax.scan(step, jnp.zeros(1000), xs)\n"),
        Invalid("import numpy as np\nfrom jax import lax\nTABLE = np.load('table.npy')\n"
                "def run(xs):\n    return lax.map(lambda x: TABLE[x], xs)\n"),
    ]


def _built_array(bindings) -> bool:
    if len(bindings) != 1:
        return False
    value = bindings[0].assigned_value
    if not isinstance(value, cst.Call):
        return False
    name = qualified_name(bindings[0].scope, value.func) or ""
    return name.startswith(ARRAY_MAKERS)
