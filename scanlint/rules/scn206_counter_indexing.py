from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.analysis import carry_layout, step_function
from scanlint.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext


class CounterIndexing(Rule):
    """
    ## What it does
    Finds a `scan` over nothing (`xs=None`) whose carry holds a counter `t` that starts at `0`,
    goes up by one each step, and is only used to index arrays (`a[:, t]`, `a[t]`).

    ## Why is this bad?
    That is what `xs` is for: scanning over `a.T` (or `a`) hands the body the slice directly,
    without a counter in the carry, dynamic indexing in the loop, or a `length=` to keep in step
    with the array. The reference article's example has exactly this shape.

    ## Example
    ```python
    def step(c, _):
        s, t = c
        return (s + a[:, t], t + 1), s
    jax.lax.scan(step, (s0, 0), None, length=n)
    ```

    ## Use instead
    ```python
    def step(s, a_t):
        return s + a_t, s
    jax.lax.scan(step, s0, a.T)
    ```

    ## Fix safety
    No fix yet: the rewrite changes the carry and the body's parameters; it is left to you.
    """

    CODE = "SCN206"
    NAME = "counter-indexing"
    MESSAGE = ("Carry counter `{name}` only indexes arrays ({uses}); scan over them as `xs` "
               "instead")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            if site.callee != "scan":
                continue
            xs = site.args.get("xs")
            if xs is not None and not (isinstance(xs, cst.Name) and xs.value == "None"):
                continue
            step = step_function(ctx.model, site)
            layout = carry_layout(ctx.model, site, step) if step else None
            if layout is None or layout.access != "unpack":
                continue
            for i, name in enumerate(layout.slot_names):
                uses = _counter_uses(step, layout, i, name)
                if uses:
                    yield ctx.diagnostic(self, site.call, self.MESSAGE.format(
                        name=name, uses=", ".join(f"`{u}`" for u in uses)),
                        statement=site.statement)

    VALID = [
        # The counter is also used as a value.
        "import jax\ndef step(c, _):\n    s, t = c\n    return (s + a[t] * t, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
        # There is an xs already.
        "import jax\ndef step(c, x):\n    s, t = c\n    return (s + a[t] + x, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), xs)\n",
    ]

    INVALID = [
        Invalid("import jax\ndef run(s0, a):\n    def step(c, _):\n        s, t = c\n"
                "        return (s + a[:, t], t + 1), s\n"
                "    return jax.lax.scan(step, (s0, 0), None, length=a.shape[1])\n"),
    ]


def _counter_uses(step, layout, i: int, name: str | None) -> list[str]:
    """The index expressions using ``name``, if the slot is a pure counter; else []."""
    init = layout.init_elements[i]
    if name is None or not (isinstance(init, cst.Integer) and init.value == "0"):
        return []
    for elements in layout.returned:
        out = elements[i]
        if not (isinstance(out, cst.BinaryOperation) and isinstance(out.operator, cst.Add)
                and isinstance(out.left, cst.Name) and out.left.value == name
                and isinstance(out.right, cst.Integer) and out.right.value == "1"):
            return []
    indexing: list[str] = []
    other = 0

    class Uses(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> bool:
            nonlocal other
            names = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if any(isinstance(n, cst.Name) and n.value == name for n in names):
                indexing.append(cst.Module([]).code_for_node(node))
                node.value.visit(self)
                return False
            return True

        def visit_Name(self, node: cst.Name) -> None:
            nonlocal other
            if node.value == name:
                other += 1

    step.node.body.visit(Uses())
    # The unpacking and each `t + 1` are the only other reads allowed.
    allowed = 1 + len(layout.returned)
    return indexing if indexing and other == allowed else []
