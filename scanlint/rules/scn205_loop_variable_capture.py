from __future__ import annotations

from typing import Iterator

from scanlint.analysis import captures, loop_targets
from scanlint.carry import step_function
from scanlint.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext


class LoopVariableCapture(Rule):
    """
    ## What it does
    Finds a loop body defined inside a Python `for` loop that reads the loop's variable, and
    is passed to a scan-family call after that iteration is over (outside the loop).

    ## Why is this bad?
    A closure reads the variable when it runs, and a scan runs (traces) its body when called:
    used after the loop, every body sees the loop variable's last value (late binding, as
    flake8-bugbear's B023 says). A body passed to `scan` in the same iteration that defines it
    is traced right away and is fine; B023 flags that case too, this rule does not.

    ## Example
    ```python
    steps = []
    for k in range(3):
        def step(c, x):
            return c + k * x, c
        steps.append(step)
    outs = [jax.lax.scan(f, 0.0, xs) for f in steps]   # every step sees k == 2
    ```

    ## Use instead
    ```python
    for k in range(3):
        def step(c, x, k=k):      # bind the current value, or call scan in the loop
            return c + k * x, c
    ```
    """

    CODE = "SCN205"
    NAME = "loop-variable-capture"
    MESSAGE = ("Step function `{step}` reads loop variable {names} but runs after the loop: "
               "it sees the last value")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site)
            if step is None or not step.is_def or len(step.ref.bindings) != 1:
                continue
            binding = step.ref.bindings[0]
            if not binding.loops:
                continue
            read = {c.name for c in captures(ctx.model, step) if c.scope is binding.scope}
            for loop in binding.loops:
                names = sorted(loop_targets(loop) & read)
                if names and loop not in site.loops:  # defined in the loop, used after it
                    yield ctx.diagnostic(self, site.call, self.MESSAGE.format(
                        step=step.node.name.value, names=", ".join(f"`{n}`" for n in names)),
                        statement=site.statement)
                    break

    VALID = [
        # Used in the same iteration: traced at once, sees the current value.
        "import jax\ndef run(xs):\n    outs = []\n    for k in range(3):\n"
        "        def step(c, x):\n            return c + k * x, c\n"
        "        outs.append(jax.lax.scan(step, 0.0, xs))\n    return outs\n",
        # Bound as a default: no late binding.
        "import jax\ndef run(xs):\n    for k in range(3):\n"
        "        def step(c, x, k=k):\n            return c + k * x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
    ]

    INVALID = [
        Invalid("import jax\ndef run(xs):\n    for k in range(3):\n"
                "        def step(c, x):\n            return c + k * x, c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"),
    ]
