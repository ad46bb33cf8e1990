from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.fixes.carry import nodes_in
from scanlint.fixes.scan_over_xs import scan_over_xs_fix
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason, with_fix
from scanlint.semantic import walk
from scanlint.semantic.carry import (CarryLayout, StepFunction, carry_layout, resolve_init,
                                     returned_carry, returns_of, step_function)
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.scopes import lookup, qualified_name


class CounterIndexing(Rule):
    """
    ## What it does
    Finds a `scan` whose carry holds a counter `t` that starts at an integer zero (`0`,
    `jnp.int32(0)`, `jnp.array(0)`), goes up by one each step (`t + 1` returned, or `t += 1`
    on its own line before the return, the reads before it indexing), and is only used to
    index arrays (`a[:, t]`, `a[t]`), whether the scan is over nothing (`xs=None`) or over
    other arrays already; the counter may be unpacked from a tuple, read as a slot of a dict
    or NamedTuple carry (`state["t"]`, `c.k`, in a `def` or a lambda), or be the whole
    carry (`def step(t, _): return t + 1, a[t]`, or `state = carry` first). Also a scan over
    `jnp.arange(...)` (`arange(n)`, or with a start and a step, `arange(n - 2, -1, -1)` being
    `a[n - 2::-1]`) whose body reads its index only to index arrays: the same counter, kept
    in `xs`. Flax NNX's `nnx.scan` is not checked (the fix writes a `jax.lax.scan`, whose
    carry cannot hold NNX modules).

    ## Why is this bad?
    That is what `xs` is for: scanning over `a.T` (or `a`, or `(xs, a)` beside an existing
    `xs`) hands the body the slice directly, without a counter in the carry, dynamic indexing
    in the loop, or a `length=` to keep in step with the array. A dynamic index past the end
    is clamped silently (JAX's out-of-bounds rule), so an array shorter than the loop gives
    its last row again and again; and with `reverse=True` the counter still counts up while
    `xs` is read backwards, pairing `a[t]` with the wrong step. The reference article's example
    has exactly this shape.

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
    jax.lax.scan(step, s0, jnp.moveaxis(a, 1, 0)[:n], length=n)
    ```

    ## Fix safety
    The fix is unsafe. It scans over the indexed arrays, each with the indexed axis moved to
    the front (`a[t]` scans `a`, `a[:, t]` scans `jnp.moveaxis(a, 1, 0)`, `a[..., t]` scans
    `jnp.moveaxis(a, -1, 0)`), gives the body their slices as its `x` parameter (a tuple,
    unpacked in the body, for several arrays), and drops the counter from the carry; a carry
    left with one slot becomes that value itself. Where the loop's result is used, the counter
    comes back as `jnp.asarray(length)`, the weak-typed integer jax returns for a counter
    that starts as a Python `0` (one that starts as `jnp.int32(0)` or another typed zero
    ends with that dtype: then no fix is offered unless the result is unused). Each
    array is cut to the scan's length (`a[:n]`, `jnp.moveaxis(a, 1, 0)[:n]`, `n` being
    `length=` or, beside an existing `xs`, `xs.shape[0]`; so `length=` must be a plain
    expression, or `xs` a name): an array longer than the loop gives the same steps as
    before, and one shorter than the loop now fails loudly at trace time where the dynamic
    index used to clamp silently. Beside an existing `xs` the scan goes over `(xs, a[:n])`,
    and the body unpacks its old `x` and the slices from its new parameter. The fix is
    offered when the indexed arrays
    are names that read the same at the call (or carry slots passed through unchanged, whose
    init is a name at the call), the step is a `def` used only by this call, its `x`
    parameter is unused (when there is no `xs`), the counter is unpacked from a tuple or
    list and returned as `t + 1`, the scan is not `reverse=`, and the body has no Python
    effect (SCN204's, also through a helper, method or alias of the file); an index scanned
    from `jnp.arange(n)` gets no fix. Run `scanlint verify` on the result.
    """

    CODE = "SCN206"
    NAME = "counter-indexing"
    MESSAGE = ("Carry counter `{name}` only indexes arrays ({uses}); scan over them as `xs` "
               "instead")

    ARANGE = ("Index `{name}` scanned from `{xs}` only indexes arrays ({uses}); scan over "
              "them as `xs` instead")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            if site.callee != "scan" or site.nnx:
                continue
            found = _arange_index(ctx.model, site)
            if found is not None:
                name, uses = found
                texts = dict.fromkeys(cst.Module([]).code_for_node(u) for u in uses)
                message = no_fix_reason(self.ARANGE.format(
                    name=name, xs=cst.Module([]).code_for_node(site.args["xs"]),
                    uses=", ".join(f"`{u}`" for u in texts)), "the fix rewrites carry counters")
                yield ctx.diagnostic(self, site.call, message, statement=site.statement)
                continue
            step = step_function(ctx.model, site)
            layout = carry_layout(ctx.model, site, step, lambdas=True) if step else None
            if step is not None and layout is None and step.carry_param is not None:
                bare = _bare_counter(ctx.model, site, step)
                if bare is not None:
                    name, uses = bare
                    message = no_fix_reason(self.MESSAGE.format(
                        name=name, uses=", ".join(f"`{u}`" for u in _texts(uses))),
                        "the whole carry is the counter")
                    yield ctx.diagnostic(self, site.call, message, statement=site.statement)
                continue
            if step is None or layout is None or layout.access not in ("unpack", "keyed"):
                continue
            for i, name in enumerate(layout.slot_names):
                uses, by_statement = _counter_uses(site, step, layout, i, name)
                if uses:
                    texts = dict.fromkeys(cst.Module([]).code_for_node(u) for u in uses)
                    fix = _no_fix_reason(layout, name, by_statement) or scan_over_xs_fix(
                        ctx.model, ctx.text, site, step, layout, i, uses,
                        ctx.settings.line_length) or ("the arrays or the scan's length are "
                                                      "not in a form the fix can slice")
                    message, fix = with_fix(self.MESSAGE.format(
                        name=name or _counter_text(step, layout, i),
                        uses=", ".join(f"`{u}`" for u in texts)), fix)
                    yield ctx.diagnostic(self, site.call, message, fix=fix,
                                         statement=site.statement)
                    break

    VALID = [
        # The counter is also used as a value.
        "import jax\ndef step(c, _):\n    s, t = c\n    return (s + a[t] * t, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
        # There is an xs already, and the counter is also a value.
        "import jax\ndef step(c, x):\n    s, t = c\n    return (s + a[t] * t + x, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), xs)\n",
        # A keyed counter also used as a value; a counter starting at one; a float zero.
        "import jax\ndef step(state, _):\n    t = state['t']\n"
        "    return {'s': state['s'] + a[t] * t, 't': t + 1}, t\n"
        "out = jax.lax.scan(step, {'s': 0.0, 't': 0}, None, length=3)\n",
        "import jax\nimport jax.numpy as jnp\ndef step(c, _):\n    s, t = c\n"
        "    return (s + a[t], t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, jnp.int32(1)), None, length=3)\n",
        "import jax\nimport jax.numpy as jnp\n"
        "step = lambda c, _: ((c[0] + a[c[1]], c[1] + 1), c[0])\n"
        "out = jax.lax.scan(step, (0.0, jnp.array(0.0)), None, length=3)\n",
        # An arange index also used as a value, or with an offset.
        "import jax\nimport jax.numpy as jnp\n"
        "def f(y, n):\n    return jax.lax.scan(lambda c, t: (c + y[t] * t, c), 0.0, jnp.arange(n))\n",
        "import jax\nimport jax.numpy as jnp\n"
        "def f(y, n):\n    return jax.lax.scan(lambda c, t: (c + y[t + 1], c), 0.0, jnp.arange(n))\n",
        # The counter indexes with an offset.
        "import jax\ndef step(c, _):\n    s, t = c\n    return (s + a[t + 1], t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
        # A bare counter read after its increment (an offset), or also used as a value.
        "import jax\ndef step(t, _):\n    t += 1\n    return t, a[t]\n"
        "out = jax.lax.scan(step, 0, None, length=3)\n",
        "import jax\nout = jax.lax.scan(lambda t, _: (t + 1, a[t] * t), 0, None, length=3)\n",
        # The counter indexes a carry slot changed every step (`y.at[idx].set(...)`) and a
        # call's result: no `xs` holds those slices (flowjax's root_finding).
        "import jax\ndef solve(fn, y0, lower, upper):\n    def step(c, xs):\n"
        "        y, idx = c\n        root = fn(y)[idx]\n"
        "        return (y.at[idx].set(root), idx + 1), root\n"
        "    return jax.lax.scan(step, (y0, 0), (lower, upper))\n",
        "import jax\nimport jax.numpy as jnp\ndef double(y, n):\n"
        "    def step(c, i):\n        return c.at[i].set(c[i] * 2.0), None\n"
        "    return jax.lax.scan(step, y, jnp.arange(n))\n",
        # A counter incremented only on some steps.
        "import jax\ndef step(c, x):\n    s, t = c\n    s = s + a[t]\n"
        "    if x:\n        t += 1\n    return (s, t), s\n"
        "out = jax.lax.scan(step, (0.0, 0), xs)\n",
        # What is indexed changes from step to step: the carry itself, a slot the body
        # changes, a name computed from the carry. No `xs` can hand the body those slices.
        "import jax\nimport jax.numpy as jnp\n"
        "def f(a, n):\n    def step(c, i):\n        return c * 0.5 + c[i], None\n"
        "    return jax.lax.scan(step, a, jnp.arange(n))\n",
        "import jax\nimport jax.numpy as jnp\n"
        "def f(a, n):\n    def step(c, i):\n        b = c * 2\n        return c + b[i], None\n"
        "    return jax.lax.scan(step, a, jnp.arange(n))\n",
        "import jax\n"
        "def f(a, n):\n    def step(c, _):\n        s, t, w = c\n"
        "        return (s + w[t], t + 1, w * 2), s\n"
        "    return jax.lax.scan(step, (0.0, 0, a), None, length=n)\n",
        "import jax\n"
        "def f(a, n):\n    def step(state, _):\n"
        "        w = state['w']\n        t = state['t']\n"
        "        return {'s': state['s'] + w[t], 't': t + 1, 'w': w * 2}, None\n"
        "    return jax.lax.scan(step, {'s': 0.0, 't': 0, 'w': a}, None, length=n)\n",
        "import jax\n"
        "def f(a, n):\n    def step(state, _):\n"
        "        return {'s': state['s'] + state['w'][state['t']], 't': state['t'] + 1,\n"
        "                'w': state['w'] * 2}, None\n"
        "    return jax.lax.scan(step, {'s': 0.0, 't': 0, 'w': a}, None, length=n)\n",
    ]

    INVALID = [
        # The index is scanned from `jnp.arange(n)` instead of kept in the carry (no fix).
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def trend(y, n):\n    def step(level, t):\n"
                "        return 0.5 * level + y[t], y[t]\n"
                "    return jax.lax.scan(step, 0.0, jnp.arange(n))\n"),
        Invalid("import numpy as np\nfrom jax import lax\n"
                "def mix(u, v, n):\n"
                "    return lax.scan(lambda c, i: (c + u[i] * v[:, i], c), 0.0, np.arange(0, n))\n"),
        # A start and a negative step (gpjax's `jnp.arange(num_test - 2, -1, -1)`).
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def back(segments, n):\n"
                "    return jax.lax.scan(lambda c, k: (c * segments[k], c), 1.0,\n"
                "                        jnp.arange(n - 2, -1, -1))\n"),
        # Arrays read through an attribute, and comprehension variables over a closed-over
        # list: the same at every step.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "class Plan:\n    def run(self, x0):\n        def step(x, it):\n"
                "            return x * self.alphas[it], x\n"
                "        return jax.lax.scan(step, x0, jnp.arange(len(self.alphas)))\n"),
        Invalid("import jax\n"
                "def total(arrays, n):\n    def step(c, _):\n        s, t = c\n"
                "        return (s + sum(a[t] for a in arrays), t + 1), s\n"
                "    return jax.lax.scan(step, (0.0, 0), None, length=n)\n"),
        # A dict carry read by key (no fix: the rewrite handles unpacked tuples and lists).
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def drive(u, n):\n    def step(state, _):\n"
                "        y = 0.8 * state['y'] + u[state['t']]\n"
                "        return {'y': y, 't': state['t'] + 1}, y\n"
                "    return jax.lax.scan(step, {'y': 0.0, 't': 0}, None, length=n)\n"),
        # ... bound to a name first, the init an int32 zero.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def drive(u, n):\n    def step(state, _):\n        t = state['t']\n"
                "        y = 0.8 * state['y'] + u[t]\n"
                "        return {'y': y, 't': t + 1}, y\n"
                "    init = {'y': 0.0, 't': jnp.int32(0)}\n"
                "    return jax.lax.scan(step, init, None, length=n)\n"),
        # A NamedTuple carry and a lambda body reading its fields.
        Invalid("from typing import NamedTuple\nimport jax\nimport jax.numpy as jnp\n"
                "class Acc(NamedTuple):\n    total: jax.Array\n    k: jax.Array\n"
                "def weighted(w, n):\n"
                "    step = lambda c, _: (Acc(c.total + w[c.k], c.k + 1), c.total)\n"
                "    return jax.lax.scan(step, Acc(0.0, jnp.array(0)), None, length=n)\n"),
        # An unpacked tuple whose counter starts as `jnp.zeros((), jnp.int32)`.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def run(s0, a):\n    def step(c, x):\n        s, t = c\n"
                "        return (s + a[t] * x, t + 1), s\n"
                "    return jax.lax.scan(step, (s0, jnp.zeros((), jnp.int32)), a, reverse=True)\n"),
        # The carry keeps one slot: it becomes the value itself; the result is rebuilt.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n"
            "def run(s0, a):\n    def step(c, _):\n        s, t = c\n"
            "        return (s + a[:, t], t + 1), s\n"
            "    return jax.lax.scan(step, (s0, 0), None, length=a.shape[1])\n",
            "import jax\nimport jax.numpy as jnp\n"
            "def run(s0, a):\n    def step(s, a_t):\n"
            "        return s + a_t, s\n"
            "    carry_out, ys_out = jax.lax.scan(\n"
            "        step, s0, jnp.moveaxis(a, 1, 0)[:a.shape[1]], length=a.shape[1])\n"
            "    return (carry_out, jnp.asarray(a.shape[1])), ys_out\n",
            unsafe=True),
        # Two arrays, the article's carry (an array passed through the carry), ys only.
        Invalid(
            "from jax import lax\nimport jax.numpy as jnp\n"
            "def step(c, _):\n    s, t, u, k = c\n"
            "    return (s + u[t] * k[..., t], t + 1, u, k), s\n"
            "def run(s0, u, k):\n"
            "    _, ys = lax.scan(step, (s0, 0, u, k), length=4)\n    return ys\n",
            "from jax import lax\nimport jax.numpy as jnp\n\n\n"
            "def step(c, x):\n    s, u, k = c\n    u_t, k_t = x\n"
            "    return (s + u_t * k_t, u, k), s\n"
            "def run(s0, u, k):\n"
            "    _, ys = lax.scan(\n"
            "        step, (s0, u, k), (u[:4], jnp.moveaxis(k, -1, 0)[:4]), length=4)\n"
            "    return ys\n",
            unsafe=True),
        # Beside an existing xs: the arrays join it, cut to the scan's length.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n"
            "def run(w, xs):\n    def step(c, x):\n        s, t = c\n"
            "        return (s + w[t] * x, t + 1), s\n"
            "    return jax.lax.scan(step, (0.0, 0), xs)\n",
            "import jax\nimport jax.numpy as jnp\n"
            "def run(w, xs):\n    def step(s, x2):\n        x, w_t = x2\n"
            "        return s + w_t * x, s\n"
            "    carry_out, ys_out = jax.lax.scan(step, 0.0, (xs, w[:xs.shape[0]]))\n"
            "    return (carry_out, jnp.asarray(xs.shape[0])), ys_out\n",
            unsafe=True),
        # A typed counter whose final value is used: `jnp.asarray(3)` would give back a
        # weak int32 for the uint8 it counted in (no fix).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n"
            "def run(s0, a):\n    def step(c, _):\n        s, t = c\n"
            "        return (s + a[t], t + 1), s\n"
            "    return jax.lax.scan(step, (s0, jnp.zeros((), jnp.uint8)), None, length=3)\n"),
        # Beside an xs scanned in reverse (the counter runs forward): reported, no fix.
        Invalid(
            "import jax\ndef run(w, xs):\n    def step(c, x):\n        s, t = c\n"
            "        return (s + w[t] * x, t + 1), s\n"
            "    return jax.lax.scan(step, (0.0, 0), xs, reverse=True)\n"),
        # The whole carry is the counter: returned plus one, or bound to a name and
        # incremented by a statement (the init bound to a name too). No fix.
        Invalid("import jax\ndef rows(w):\n    def step(t, _):\n        return t + 1, w[t]\n"
                "    return jax.lax.scan(step, 0, None, length=3)[1]\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def run(table, xs):\n    def step(carry, x):\n        i = carry\n"
                "        row = table[i]\n        i += 1\n        return i, row * x\n"
                "    i0 = jnp.int32(0)\n    return jax.lax.scan(step, i0, xs)\n"),
        # A tuple counter incremented by a statement before the return (no fix).
        Invalid("import jax\ndef run(s0, a):\n    def step(c, _):\n        s, t = c\n"
                "        s = s + a[t]\n        t = t + 1\n        return (s, t), s\n"
                "    return jax.lax.scan(step, (s0, 0), None, length=3)\n"),
        # Scanned in reverse: reported, no fix.
        Invalid(
            "import jax\ndef run(s0, a):\n    def step(c, _):\n        s, t = c\n"
            "        return (s + a[t], t + 1), s\n"
            "    return jax.lax.scan(step, (s0, 0), None, length=3, reverse=True)\n"),
        # A Python effect in the body: no rewrite of what it sees (`fixes/effects.py`).
        Invalid("import jax\nLOG = []\ndef run(a):\n    def step(c, _):\n        s, t = c\n"
                "        s = s + a[t]\n        LOG.append(s)\n        return (s, t + 1), s\n"
                "    return jax.lax.scan(step, (0.0, 0), None, length=3)\n"),
    ]


def _counter_text(step: StepFunction, layout: CarryLayout, i: int) -> str:
    """How the body reads slot ``i`` (`state['t']`, `c.k`, `c[1]`)."""
    for read in layout.reads:
        if layout.slot_read(step.carry_name, read) == i:
            return cst.Module([]).code_for_node(read)
    key = layout.keys[i]
    if layout.container == "record":
        return f"{step.carry_name}.{key}"
    return f"{step.carry_name}[{key!r}]"


# Integer dtypes a counter's zero may be made with (`jnp.int32(0)`, `dtype=jnp.int32`).
_INT_DTYPES = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                         "uint64"})


def _int_dtype(scope, expr: cst.BaseExpression | None) -> bool:
    if isinstance(expr, cst.Name) and expr.value == "int" and lookup(scope, "int")[0] is None:
        return True
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value in _INT_DTYPES
    name = qualified_name(scope, expr) if expr is not None else None
    return name is not None and name.rpartition(".")[0] in ("jax.numpy", "numpy") \
        and name.rpartition(".")[2] in _INT_DTYPES


def integer_zero(scope, expr: cst.BaseExpression) -> bool:
    """`0`, `jnp.int32(0)`, `np.uint8(0)`, `jnp.array(0)` / `jnp.asarray(0, jnp.int32)`,
    `jnp.zeros((), jnp.int32)`: an integer scalar zero."""
    if isinstance(expr, cst.Integer):
        return expr.value == "0"
    if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
        return False
    name = qualified_name(scope, expr.func) or ""
    module, _, last = name.rpartition(".")
    if module not in ("jax.numpy", "numpy"):
        return False
    args = [a for a in expr.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in expr.args if a.keyword is not None}
    if last in _INT_DTYPES:
        return len(expr.args) == 1 and integer_zero(scope, args[0].value) if args else False
    if last in ("array", "asarray"):
        dtype = args[1].value if len(args) > 1 else keywords.get("dtype")
        return bool(args) and isinstance(args[0].value, cst.Integer) \
            and args[0].value.value == "0" and (dtype is None or _int_dtype(scope, dtype)) \
            and set(keywords) <= {"dtype"}
    if last == "zeros":
        shape = args[0].value if args else keywords.get("shape")
        dtype = args[1].value if len(args) > 1 else keywords.get("dtype")
        empty = isinstance(shape, (cst.Tuple, cst.List)) and not shape.elements
        return empty and _int_dtype(scope, dtype) and set(keywords) <= {"shape", "dtype"}
    return False


def _no_fix_reason(layout: CarryLayout, name: str | None, by_statement: bool) -> str | None:
    """Why the counter's finding gets no fix, before trying one."""
    if layout.access != "unpack":
        return "the carry is read by key or attribute, not unpacked"
    if name is None:
        return "the counter is not unpacked to a name"
    if by_statement:
        return "a statement increments the counter"
    return None


def _counter_uses(site: ScanSite, step: StepFunction, layout: CarryLayout, i: int,
                  name: str | None) -> tuple[list[cst.Subscript], bool]:
    """The subscripts indexing with slot ``i`` (read as its name or as `carry['t']`,
    `carry.t`, `carry[1]`), if the slot is a pure counter (an integer zero, returned as
    itself plus one or incremented by a statement, read only to index), else []; and
    whether a statement increments it (`t += 1`)."""
    init = layout.init_elements[i]
    init_scope = layout.init_binding.scope if layout.init_binding is not None else site.scope
    if not integer_zero(init_scope, init):
        return [], False

    def counter(node: cst.CSTNode) -> bool:
        if name is not None and isinstance(node, cst.Name) and node.value == name:
            return True
        return isinstance(node, (cst.Subscript, cst.Attribute)) \
            and layout.slot_read(step.carry_name, node) == i

    found = _increments(step, [elements[i] for elements in layout.returned], counter,
                        {name} if name is not None else set())
    if found is None:
        return [], False
    binder = layout.slot_binders[i] if name is not None else None
    uses = _only_indexing(step, counter, found[0], binder, layout.access == "unpack")
    return (uses if _loop_invariant(step, uses, _passthrough(step, layout)) else []), found[1]


def _passthrough(step: StepFunction, layout: CarryLayout | None):
    """A test of a carry slot returned unchanged: its unpacked name, or `state['a']` /
    `state.a` (given the expression and the bindings of its name)."""
    if layout is None:
        return lambda expr, bindings: False
    names = {layout.slot_names[j] for j in layout.passthrough} - {None}

    def passthrough(expr: cst.BaseExpression, bindings: list) -> bool:
        if isinstance(expr, cst.Name):
            return expr.value in names and all(b.kind in ("param", "assign") for b in bindings)
        return isinstance(expr, (cst.Subscript, cst.Attribute)) \
            and layout.slot_read(step.carry_name, expr) in layout.passthrough

    return passthrough


def _texts(uses: list[cst.Subscript]) -> list[str]:
    return list(dict.fromkeys(cst.Module([]).code_for_node(u) for u in uses))


def _bare_counter(model: FileModel, site: ScanSite,
                  step: StepFunction) -> tuple[str, list[cst.Subscript]] | None:
    """(its name, its subscripts) when the whole carry is a counter: an integer zero (at the
    call or bound to a name once), returned plus one or incremented by a statement, and read
    only to index (`def step(t, _): return t + 1, a[t]`, or `state = carry` first)."""
    init = resolve_init(model, site)
    if init is None or not integer_zero(init.scope, init.expr):
        return None
    names = {step.carry_name}
    binder = None
    lines = _leading_lines(step)
    if lines and isinstance(lines[0], cst.Assign) and len(lines[0].targets) == 1 \
            and isinstance(lines[0].targets[0].target, cst.Name) \
            and isinstance(lines[0].value, cst.Name) and lines[0].value.value == step.carry_name:
        binder = lines[0]
        names.add(binder.targets[0].target.value)  # type: ignore[union-attr]
    if isinstance(step.node, cst.Lambda):
        values = [step.node.body]
    else:
        values = [ret.value for ret in returns_of(step.node)]
    returned = [returned_carry(step, value) for value in values]
    if not returned or None in returned:
        return None

    def counter(node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Name) and node.value in names

    found = _increments(step, returned, counter, names)
    if found is None:
        return None
    uses = _only_indexing(step, counter, found[0], binder, False)
    # The whole carry is the counter: what it indexes must come from outside the body.
    if not uses or not _loop_invariant(step, uses, lambda expr, bindings: False):
        return None
    name = binder.targets[0].target.value if binder is not None else step.carry_name  # type: ignore[union-attr]
    return name, uses


def _leading_lines(step: StepFunction) -> list[cst.BaseSmallStatement]:
    """The first statement of a def's body (after a docstring), when it is a simple line."""
    body = step.node.body
    if not isinstance(body, cst.IndentedBlock):
        return []
    for line in body.body:
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return []
        small = line.body[0]
        if isinstance(small, cst.Expr) and isinstance(
                small.value, (cst.SimpleString, cst.ConcatenatedString)):
            continue
        return [small]
    return []


def _plus_one(node: cst.CSTNode | None, counter) -> bool:
    return (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add)
            and counter(node.left) and isinstance(node.right, cst.Integer)
            and node.right.value == "1")


def _increments(step: StepFunction, returned: list, counter,
                names: set[str]) -> tuple[set[int], bool] | None:
    """How the counter goes up by one: every return gives `t + 1` (the ids of those reads of
    `t`, False), or every return gives the name `t` that one top-level statement of the def,
    `t += 1` or `t = t + 1`, increments before every return, the counter being read after it
    only in those returns (the ids of its reads there and in that statement, True); else
    None. Reads before the increment index with the step's own count, as `t + 1` does."""
    if returned and all(_plus_one(out, counter) for out in returned):
        return {id(out.left) for out in returned}, False
    if not (returned and all(isinstance(out, cst.Name) and out.value in names
                             for out in returned)) or not isinstance(step.node, cst.FunctionDef):
        return None
    name = returned[0].value
    body = step.node.body
    if not isinstance(body, cst.IndentedBlock) or any(out.value != name for out in returned):
        return None
    statements = list(body.body)
    at = [n for n, line in enumerate(statements) if _increment_line(line, name)]
    if len(at) != 1 or len(step.scope.bindings.get(name, [])) != 2:
        return None  # the increment is the name's only binding besides the carry's
    after = [node for line in statements[at[0] + 1:] for node in nodes_in(line)]
    if {id(r) for r in returns_of(step.node)} != {id(n) for n in after if isinstance(
            n, cst.Return)}:
        return None  # a return before the increment
    allowed = {id(out) for out in returned}
    if any(counter(n) and id(n) not in allowed for n in after):
        return None
    return allowed | {id(n) for n in nodes_in(statements[at[0]]) if counter(n)}, True


def _increment_line(line: cst.BaseStatement, name: str) -> bool:
    """`name += 1` or `name = name + 1` alone on a line."""
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1):
        return False
    small = line.body[0]
    if isinstance(small, cst.AugAssign):
        return (isinstance(small.target, cst.Name) and small.target.value == name
                and isinstance(small.operator, cst.AddAssign)
                and isinstance(small.value, cst.Integer) and small.value.value == "1")
    return (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)
            and small.targets[0].target.value == name
            and _plus_one(small.value, lambda n: isinstance(n, cst.Name) and n.value == name))


def _arange_index(model: FileModel, site: ScanSite) -> tuple[str, list[cst.Subscript]] | None:
    """(the name, its subscripts) when the scan runs over `jnp.arange(...)` (any start, stop
    and step: `a[t]` for `t` in `arange(i, j, k)` is a scan over `a[i:j:k]`) and the body
    reads its `x` only to index arrays."""
    xs = site.args.get("xs")
    if not (isinstance(xs, cst.Call) and qualified_name(site.scope, xs.func) in (
            "jax.numpy.arange", "numpy.arange") and not any(a.keyword or a.star for a in xs.args)
            and 1 <= len(xs.args) <= 3):
        return None
    step = step_function(model, site)
    if step is None or len(step.params) != 2 or "reverse" in site.args:
        return None
    name = step.params[1].name.value
    if len(step.scope.bindings.get(name, [])) != 1:
        return None

    def index(node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Name) and node.value == name

    uses = _only_indexing(step, index, set(), None, False)
    # The arrays may be carry slots passed through unchanged (craftax's `mobs.position[i]`).
    passthrough = _passthrough(step, carry_layout(model, site, step, lambdas=True))
    return (name, uses) if uses and _loop_invariant(step, uses, passthrough) else None


def _root(expr: cst.BaseExpression) -> cst.Name | None:
    """The name an array expression starts from (`self.alphas` -> `self`, `p['w']` -> `p`)."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr if isinstance(expr, cst.Name) else None


def _updates(expr: cst.BaseExpression) -> bool:
    """`y.at` (or `s.y.at`): what `y.at[t]` indexes is an update, not a read."""
    return isinstance(expr, cst.Attribute) and expr.attr.value == "at"


def _loop_invariant(step: StepFunction, uses: list[cst.Subscript], passthrough) -> bool:
    """Every array the counter indexes is the same at every step, so scanning over it can
    stand in for the index: it is read from outside the body (a closed-over name,
    `self.alphas`, `params['w']`), is a carry slot passed through unchanged, or is a
    comprehension variable over such a value (`[ind[i] for ind in indices]`). Not the carry,
    a slot the body changes, or a name the body computes (`b = c * 2; b[i]`).
    ``passthrough(expr, bindings)`` tells a carry slot returned unchanged (its name, or a
    read of it such as `state['a']`)."""
    scope_of_load = {id(load): scope for scope in step.scope.walk() for load in scope.loads}

    def invariant(expr: cst.BaseExpression, depth: int) -> bool:
        if _updates(expr):
            return False  # `y.at[t].set(v)` writes a slice, which no `xs` hands over
        if depth == 0 and isinstance(expr, (cst.Subscript, cst.Attribute)) \
                and passthrough(expr, []):
            return True
        root = _root(expr)
        scope = scope_of_load.get(id(root)) if root is not None else None
        if root is None or scope is None or depth > 3:
            return False
        owner, bindings = lookup(scope, root.value)
        if owner is None or not owner.is_within(step.scope):
            return True
        if owner is step.scope:
            return passthrough(root, bindings)
        if owner.kind == "comprehension" and bindings and all(
                b.kind == "loop" and isinstance(b.node, cst.CompFor) for b in bindings):
            return all(invariant(b.node.iter, depth + 1) for b in bindings)
        return False

    return all(invariant(use.value, 0) for use in uses)


def _only_indexing(step: StepFunction, counter, allowed: set[int], binder: cst.Assign | None,
                   unpacked: bool) -> list[cst.Subscript]:
    """The subscripts indexing with a counter (``counter`` tells its reads) when the body
    reads it nowhere else than there, in the nodes of ``allowed`` (its increments) and in
    ``binder`` (the line binding it from the carry); else []."""
    indexing: list[cst.Subscript] = []
    other = 0
    increments = allowed

    class Uses(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
            # The unpacking or `t = carry["t"]` binding the slot (nothing else) is allowed.
            return not (binder is not None and node.body[0] is binder and (
                unpacked or isinstance(binder.targets[0].target, cst.Name)))

        def visit_Subscript(self, node: cst.Subscript) -> bool:
            nonlocal other
            if counter(node):
                return self._counter(node)
            indexes = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if any(counter(n) for n in indexes):
                indexing.append(node)
                walk.visit(node.value, self)
                for element in node.slice:
                    if not (isinstance(element.slice, cst.Index) and counter(element.slice.value)):
                        walk.visit(element, self)
                return False
            return True

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            if counter(node):
                return self._counter(node)
            walk.visit(node.value, self)  # the attribute's own name is not a read
            return False

        def visit_Name(self, node: cst.Name) -> None:
            if counter(node):
                self._counter(node)

        def _counter(self, node: cst.CSTNode) -> bool:
            nonlocal other
            if id(node) not in increments:
                other += 1
            return False

    walk.visit(step.node.body, Uses())
    return indexing if indexing and other == 0 else []
