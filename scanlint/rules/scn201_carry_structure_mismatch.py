from __future__ import annotations

from typing import Iterator

from scanlint.analysis import describe_shape, literal_shape, returned_values
from scanlint.carry import returned_carry, step_function
from scanlint.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext


class CarryStructureMismatch(Rule):
    """
    ## What it does
    Compares the init's literal structure with the carry each `return` of the body builds: a
    different number of slots, a tuple against a list, or different dict keys. Only literal
    containers on both sides are compared, so the rule does not guess.

    ## Why is this bad?
    JAX requires the carry to keep its pytree structure across iterations and fails at trace
    time, often deep in a stack trace: "scan body function carry input and carry output must
    have the same pytree structure" (jax 0.10 runs `fori_loop` as a scan and raises the same
    message; a test runs the invalid cases below under JAX to keep this true).

    ## Example
    ```python
    def step(c, x):
        s, t = c
        return (s + x, t + 1, x), s   # three slots out, two in
    jax.lax.scan(step, (0.0, 0), xs)
    ```

    ## Use instead
    ```python
    def step(c, x):
        s, t = c
        return (s + x, t + 1), s
    ```
    """

    CODE = "SCN201"
    NAME = "carry-structure-mismatch"
    MESSAGE = "Carry structure changes: init is {init}, the body returns {out}"
    JAX_ERROR = "carry input and carry output must have the same pytree structure"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site)
            init = literal_shape(site.init)
            if step is None or init is None:
                continue
            for where, value in returned_values(step):
                out = literal_shape(returned_carry(step, value))
                if out is not None and out != init:
                    message = self.MESSAGE.format(init=describe_shape(init),
                                                  out=describe_shape(out))
                    if step.is_def:
                        yield ctx.diagnostic(self, where, message)
                    else:
                        yield ctx.diagnostic(self, site.call, message, statement=site.statement)

    VALID = [
        "import jax\ndef step(c, x):\n    s, t = c\n    return (s + x, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
        # Not literal on one side: not compared.
        "import jax\ndef step(c, x):\n    return advance(c), x\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
    ]

    INVALID = [
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(c, x):\n    a, b = c\n    return (a + x, b, 1.0), a\n"
                "out = jax.lax.scan(step, (0.0, 1.0), jnp.ones(3))\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(c, x):\n    return [c[0] + x, c[1]], c[0]\n"
                "out = jax.lax.scan(step, (0.0, 1.0), jnp.ones(3))\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "out = jax.lax.scan(lambda c, x: ({'a': c['a'] + x}, x), {'a': 0.0, 'b': 1.0},"
                " jnp.ones(3))\n"),
        Invalid("import jax\n"
                "def body(i, v):\n    return (v[0] + i,)\n"
                "out = jax.lax.fori_loop(0, 3, body, (0, 1))\n"),
    ]
