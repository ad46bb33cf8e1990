from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.prefilter.text import match_lines
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason

_JNP = "import jax\nimport jax.numpy as jnp\n"
# The methods of `x.at[...]` that return an updated copy (`get` only reads).
_UPDATES = frozenset({"set", "add", "subtract", "multiply", "mul", "divide", "power", "min",
                      "max", "apply"})


class DiscardedArrayUpdate(Rule):
    """
    ## What it does
    Finds a statement that is only an indexed update of a JAX array, `x.at[i].set(v)`
    (`add`, `multiply`, `min`, `max`, `apply`, ...), whose result nothing keeps.

    ## Why is this bad?
    JAX arrays are immutable: `x.at[i].set(v)` returns a new array and leaves `x` as it
    was. Written as a statement, as NumPy's `x[i] = v` would be, the update is thrown away:
    a buffer the step was meant to fill stays zeros, at every iteration of the loop, and
    nothing fails (https://github.com/reservoirpy/reservoirpy/issues/234). A test runs the
    invalid cases below under JAX and shows the array unchanged.

    ## Example
    ```python
    def step(store, x):
        store.at[0].set(x)
        return store
    ```

    ## Use instead
    ```python
    def step(store, x):
        store = store.at[0].set(x)
        return store
    ```
    No fix is offered: where the new array has to go (a name, the loop's carry, the
    returned state) is the author's choice.
    """

    CODE = "SCN223"
    NAME = "discarded-array-update"
    MESSAGE = ("`{update}` returns an updated copy and this statement throws it away: "
               "`{array}` is unchanged (JAX arrays are immutable); assign the result "
               "(`{array} = {update}`)")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if ".at[" not in ctx.text:
            return
        program = ctx.program
        lines = {line for _, line in match_lines(ctx.text, _UPDATE_STATEMENT.finditer(ctx.text))}
        for node in program.nodes_on(lines):
            if not isinstance(node, ast.Expr) or node.lineno not in lines or \
                    not isinstance(node.value, ast.Call):
                continue
            array = _updated_array(node.value)
            if array is None:
                continue
            update = program.source(node.value)
            if len(update) > 60:
                update = program.source(node.value.func) + "(...)"
            message = self.MESSAGE.format(update=update, array=program.source(array))
            yield ctx.diagnostic_at(self, node.value, no_fix_reason(
                message, "where the new array goes (a name, the carry, the result) is the "
                "author's choice"))

    VALID = [
        # The updated copy is kept.
        _JNP + "store = jnp.zeros(3)\nstore = store.at[0].set(1.0)\n",
        # Returned, passed on, or only read.
        _JNP + "def put(store, x):\n    return store.at[0].set(x)\n"
        "first = put(jnp.zeros(3), 1.0)\nsecond = jnp.zeros(3).at[0].get()\n",
        # Another library's `at` (a pandas frame's `.at[...]` setter is a statement).
        "import pandas as pd\ndf = pd.DataFrame({'a': [1]})\ndf.at[0, 'a'] = 2\n",
    ]

    INVALID = [
        # reservoirpy#234: the delay store and the features never filled.
        Invalid(_JNP + "def step(store, features, x):\n    store.at[0].set(x)\n"
                "    features.at[:2].set(x * 2.0)\n    return store, features\n"
                "before = jnp.zeros(2)\nafter, _ = step(before, jnp.zeros(4), 1.0)\n",
                count=2),
        # In a loop: each iteration's update is lost.
        Invalid(_JNP + "before = jnp.zeros(4)\nafter = before\n"
                "for i in range(4):\n    after.at[i].add(1.0)\n"),
    ]


# A statement starting with `<name...>.at[`: where a thrown-away update may be.
_UPDATE_STATEMENT = re.compile(r"^[ \t]*[A-Za-z_][\w.]*(?:\[[^\]\n]*\])*\.at\[", re.MULTILINE)


def _updated_array(call: ast.Call) -> ast.expr | None:
    """`x` for `x.at[...].set(...)` (and the other updates), else None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _UPDATES):
        return None
    indexed = func.value
    if not (isinstance(indexed, ast.Subscript) and isinstance(indexed.value, ast.Attribute)
            and indexed.value.attr == "at"):
        return None
    return indexed.value.value
