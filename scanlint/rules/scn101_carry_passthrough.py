from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.analysis import (CarryLayout, StepFunction, captures, carry_layout, returned_carry,
                               slot_index, step_function, wanted_style)
from scanlint.carryfix import (call_with_init, index, names_in_use, rebuilt_statements,
                               rename_loads, sequence, with_elements)
from scanlint.diagnostic import Diagnostic, Fix
from scanlint.fixes import ReplaceById, statement_fix
from scanlint.model import ScanSite
from scanlint.rules import Invalid, Rule, RuleContext, Valid
from scanlint.scopes import lookup


class CarryPassthrough(Rule):
    """
    ## What it does
    With `param-style = "closure"`, finds carry slots that the step function returns
    unchanged (`(s, t, a, dt)` in, `(s2, t + 1, a, dt)` out): constants threaded through the
    loop. With `param-style = "consistent"`, reports them only in files where most sites
    capture their constants.

    ## Why is this bad?
    Since jax 0.4.38 (jax PR 28210) `scan` moves forwarded carry elements into consts, so the
    loop body compiles the same; but the threaded values are still returned as extra outputs
    of the loop, and the carry hides which values change. On the reference article's example
    the carry style cost 1.24x per jitted call (1.38x for `fori_loop`), measured with
    `scanlint verify --bench`. Capturing constants from the enclosing function says what they
    are and costs nothing.

    The carry is understood when the init is a tuple or list literal and the body unpacks it
    (`s, t, a, dt = carry`) or indexes it with integer literals (`carry[2]`), and every
    `return` builds the carry as a literal of the same length.

    ## Example
    ```python
    def advance(state, _):
        s, t, a, dt = state
        s2 = evolve(s, a[:, t], dt)
        return (s2, t + 1, a, dt), s2

    def rollout(s0, a, dt):
        return jax.lax.scan(advance, (s0, 0, a, dt), None, length=100)
    ```

    ## Use instead
    ```python
    def rollout(s0, a, dt):
        def advance(state, _):
            s, t = state
            s2 = evolve(s, a[:, t], dt)
            return (s2, t + 1), s2
        carry_out, ys_out = jax.lax.scan(advance, (s0, 0), None, length=100)
        return (carry_out[0], carry_out[1], a, dt), ys_out
    ```

    ## Fix safety
    The fix is unsafe. It removes the slots from the init, the unpacking and every return,
    and lets the body read the same names from the enclosing function (the init's values,
    which must be plain names). A module-level step used by one caller becomes a local `def`
    of that caller (the article's rewrite), so the module no longer has it as an attribute.
    Where the loop's result is used, the original carry is rebuilt around the call, so the
    same pytree comes out. The rebuilt slots are the inputs themselves; jax 0.10 also returns a
    forwarded carry slot as the input object when called eagerly, and under `jit` both come
    out as the same array (a Python float as a weak-typed 0-d array), so results were
    bit-identical in every tested case. Older jax returned forwarded slots as arrays when
    called eagerly, so there a Python scalar comes back as a different type. Run
    `scanlint verify` on the result. No fix is offered when the init values are not names,
    a name would resolve differently inside the body, the step is used at more than one site,
    or the result is used in a way the fix cannot rebuild.
    """

    CODE = "SCN101"
    NAME = "carry-passthrough"
    MESSAGE = "Carry slot(s) {names} returned unchanged; capture them instead"

    @classmethod
    def enabled(cls, settings) -> bool:
        return settings.param_style in ("closure", "consistent")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if wanted_style(ctx.model, ctx.settings.param_style) != "closure":
            return
        for site in ctx.model.sites:
            step = step_function(ctx.model, site)
            layout = carry_layout(ctx.model, site, step) if step else None
            if step is None or layout is None or not layout.passthrough:
                continue
            labels = [f"`{slot_label(layout, i)}`" for i in layout.passthrough]
            message = (f"Carry slot {labels[0]} is returned unchanged; capture it instead"
                       if len(labels) == 1 else
                       f"Carry slots {', '.join(labels)} are returned unchanged; capture them "
                       "instead")
            yield ctx.diagnostic(self, site.call, message,
                                 fix=_fix(ctx, site, step, layout), statement=site.statement)

    VALID = [
        Valid("import jax\ndef f(s):\n    return s\n"
              "def run(s0, a):\n    return jax.lax.scan(lambda c, x: (c + a, x), s0, a)\n",
              {"param_style": "closure"}),
        # Nothing is passed through unchanged.
        Valid("import jax\ndef step(c, x):\n    s, t = c\n    return (s + x, t + 1), s\n"
              "def run(xs):\n    return jax.lax.scan(step, (0.0, 0), xs)\n",
              {"param_style": "closure"}),
        # The default param-style is "any".
        "import jax\ndef step(c, x):\n    s, a = c\n    return (s + a, a), s\n"
        "def run(xs, a):\n    return jax.lax.scan(step, (0.0, a), xs)\n",
    ]

    INVALID = [
        # The article's carry style: a module-level step used by one caller.
        Invalid(
            "import jax\n\n\ndef advance(state, _):\n"
            "    s, t, a, dt = state\n"
            "    s2 = s + a[t] * dt\n"
            "    return (s2, t + 1, a, dt), s2\n\n\n"
            "def rollout(s0, a, dt):\n"
            "    return jax.lax.scan(advance, (s0, 0, a, dt), None, length=3)\n",
            "import jax\n\n\n"
            "def rollout(s0, a, dt):\n"
            "    def advance(state, _):\n"
            "        s, t = state\n"
            "        s2 = s + a[t] * dt\n"
            "        return (s2, t + 1), s2\n"
            "    carry_out, ys_out = jax.lax.scan(advance, (s0, 0), None, length=3)\n"
            "    return (carry_out[0], carry_out[1], a, dt), ys_out\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # A local step, `c[i]` indexing, the result unpacked by the caller.
        Invalid(
            "from jax import lax\n"
            "def run(xs, scale):\n"
            "    def step(c, x):\n"
            "        return (c[0] + x * c[1], c[1]), c[0]\n"
            "    (total, _), ys = lax.scan(step, (0.0, scale), xs)\n"
            "    return total, ys\n",
            "from jax import lax\n"
            "def run(xs, scale):\n"
            "    def step(c, x):\n"
            "        return (c[0] + x * scale,), c[0]\n"
            "    carry_out, ys_out = lax.scan(step, (0.0,), xs)\n"
            "    (total, _), ys = (carry_out[0], scale), ys_out\n"
            "    return total, ys\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # fori_loop: the carry is the value itself; the slot name differs from the init's.
        Invalid(
            "import jax\n"
            "def power(x, n, k):\n"
            "    def body(i, val):\n"
            "        acc, factor = val\n"
            "        return [acc * factor, factor]\n"
            "    acc, _ = jax.lax.fori_loop(0, n, body, [x, k])\n"
            "    return acc\n",
            "import jax\n"
            "def power(x, n, k):\n"
            "    def body(i, val):\n"
            "        acc, = val\n"
            "        return [acc * k]\n"
            "    carry_out = jax.lax.fori_loop(0, n, body, [x])\n"
            "    acc, _ = [carry_out[0], k]\n"
            "    return acc\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # Used at two sites: reported, no fix.
        Invalid(
            "import jax\ndef step(c, x):\n    s, a = c\n    return (s + a, a), s\n"
            "def run(xs, a):\n    jax.lax.scan(step, (0.0, a), xs)\n"
            "    return jax.lax.scan(step, (1.0, a), xs)\n",
            None, settings={"param_style": "closure"}, count=2,
        ),
    ]


def slot_label(layout: CarryLayout, i: int) -> str:
    if layout.access == "unpack" and layout.slot_names[i]:
        return layout.slot_names[i]
    init = layout.init_elements[i]
    return init.value if isinstance(init, cst.Name) else f"carry[{i}]"


def _fix(ctx: RuleContext, site: ScanSite, step: StepFunction, layout: CarryLayout) -> Fix | None:
    model = ctx.model
    keep = [i for i in range(layout.size) if i not in layout.passthrough]
    values = {i: layout.init_elements[i] for i in layout.passthrough}
    if not keep or not all(isinstance(v, cst.Name) for v in values.values()):
        return None
    if len(step.ref.bindings) != 1 or layout.access not in ("unpack", "index"):
        return None
    binding = step.ref.bindings[0]
    if len(model.references(binding)) != 1:
        return None
    if step.ref.kind == "local_def" and binding.scope is site.scope:
        move = False
    elif (step.ref.kind == "module_def" and site.scope.kind == "function"
          and not step.node.decorators and _movable_into(model, step, site)):
        move = True
    else:
        return None
    for value in values.values():
        if lookup(site.scope, value.value)[0] is None:
            return None
        inside = step.scope.bindings.get(value.value, [])
        if any(b.node is not layout.unpack for b in inside):
            return None  # the body has a local of that name: capturing would read it instead

    body_changes = _body_changes(model, step, layout, keep, values)
    used = names_in_use(site.scope)
    new_index = {i: k for k, i in enumerate(keep)}

    def rebuild(carry_out: cst.BaseExpression) -> cst.BaseExpression:
        return sequence(layout.container, [
            cst.Name(values[i].value) if i in values else index(carry_out, new_index[i])
            for i in range(layout.size)])

    new_init = with_elements(site.init, [layout.init_elements[i] for i in keep])
    statements = rebuilt_statements(site, call_with_init(site, new_init), rebuild, used)
    if statements is None:
        return None
    new_def = step.node.visit(ReplaceById(body_changes))
    if move:  # the def goes just before the call, with the comments above it
        comments = [line for line in step.node.leading_lines if line.comment is not None]
        new_def = new_def.with_changes(leading_lines=[*statements[0].leading_lines, *comments])
        statements[0] = statements[0].with_changes(leading_lines=[])
        replacements = [(step.node, []), (site.statement, [new_def, *statements])]
    else:
        replacements = [(step.node, [new_def]), (site.statement, statements)]
    names = ", ".join(f"`{v.value}`" for v in values.values())
    them = "it" if len(values) == 1 else "them"
    return statement_fix(ctx.text, model.module, model.range_of, replacements,
                         f"Capture {names} instead of threading {them} through the carry", "unsafe",
                         model.index)


def _movable_into(model, step: StepFunction, site: ScanSite) -> bool:
    """A module-level step can become a local def of the caller when every name it reads
    resolves to the same place from inside the caller, and the caller has no local of the
    step's own name."""
    if step.node.name.value in site.scope.bindings:
        return False
    for capture in captures(model, step):
        owner, _ = lookup(site.scope, capture.name)
        if owner is not capture.scope:
            return False
    return True


def _body_changes(model, step: StepFunction, layout: CarryLayout, keep: list[int],
                  values: dict[int, cst.Name]) -> dict:
    """Replacements inside the step: the unpacking (or the `carry[i]` reads) and returns."""
    changes: dict = {}
    if layout.access == "unpack":
        unpack = layout.unpack
        assert unpack is not None
        target = unpack.targets[0].target
        kept_targets = [target.elements[i].value for i in keep]
        changes[id(unpack)] = unpack.with_changes(targets=[
            unpack.targets[0].with_changes(target=with_elements(target, kept_targets))])
        for i, value in values.items():
            slot = layout.slot_names[i]
            if slot != value.value:
                changes.update(rename_loads(model, step.scope, slot, cst.Name(value.value),
                                            unpack))
    else:
        new_index = {i: k for k, i in enumerate(keep)}
        for node in _carry_subscripts(step):
            i = slot_index(node)
            changes[id(node)] = (cst.Name(values[i].value) if i in values
                                 else index(node.value, new_index[i]))
    for ret in layout.returns:
        carry = returned_carry(step, ret.value)
        changes[id(carry)] = lambda updated, keep=keep: with_elements(
            updated, [updated.elements[i].value for i in keep])
    return changes


def _carry_subscripts(step: StepFunction) -> list[cst.Subscript]:
    found: list[cst.Subscript] = []

    class Finder(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if (isinstance(node.value, cst.Name) and node.value.value == step.carry_name
                    and slot_index(node) is not None):
                found.append(node)

    step.node.body.visit(Finder())
    return found
