from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix
from scanlint.fixes.carry import (call_with_init, index, names_in_use, rebuilt_statements, nodes_in,
                                  rename_loads, result_use, sequence, unpack_changes, without_slots)
from scanlint.fixes.edits import ReplaceById, statement_fix
from scanlint.fixes.effects import step_refusal
from scanlint.rules import Invalid, Rule, RuleContext, Valid, with_fix
from scanlint.semantic.captures import captures, wanted_style
from scanlint.semantic.carry import (CarryLayout, StepFunction, carry_layout, made_record,
                                     returned_carry, slot_reads, step_function, string_key)
from scanlint.semantic.model import ScanSite
from scanlint.semantic.name_kinds import values_of
from scanlint.semantic.name_uses import CONSTANT, STATIC
from scanlint.semantic.scopes import lookup


# The NamedTuple of the rule's cases.
_STATE_CLASS = ("from typing import NamedTuple\nimport jax\n"
                "class State(NamedTuple):\n    s: float\n    rate: float\n")


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

    The carry is understood when the init is a tuple, list or dict literal (string keys) or a
    call of a record class of the same module (a `typing.NamedTuple`, or a pytree dataclass:
    `@flax.struct.dataclass`, `@chex.dataclass`), and every `return` builds the carry the same
    way: a literal of the same length or keys, `{**carry, "s": s2}`, a call of the class, or
    `carry._replace(s=s2)` / `carry.replace(s=s2)` (keys and fields it does not name pass
    through).
    The body reads the carry by unpacking it (`s, t, a, dt = carry`), by literal keys
    (`carry[2]`, `carry["a"]`, `carry.a`), or binds such reads to names in its first lines
    (`a = carry["a"]`).

    A slot whose object the body changes in place is not passed through, even when it is
    returned as it came: item or attribute assignment (`log["kT"] = ...`, `state.x = ...`,
    `buf[i] += x`, `del d["k"]`) or a mutating method (`.update`, `.append`, ...), through
    the slot's name or a slot read. Captured, the body would change an outer object, and
    JAX fails (`UnexpectedTracerError`). `.at[i].set(...)` makes a new array: not a change.

    A slot that starts as a constant (a Python number, or a name bound only to numbers, here
    or at module level: `(s0, dt)` after `dt = 0.05`; or a jax array built only from
    constants) is left in the carry and not reported: captured, XLA compiles it in and can
    fold it into the loop, where as a carry value it could not, so results could change in
    the last bits.

    Flax NNX loops are not checked: a module or `nnx.Rngs` returned as it came may still have
    changed (its variables are updated in place, and the loop carries them), and capturing
    one would lose those updates.

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
    which must be plain names); a tuple or list carry left with one slot becomes that value
    (`def step(s, x)`), and a `Tuple[...]` annotation of the carry parameter, and the
    carry's part of the return annotation, lose the same slots (an annotation that cannot
    follow, such as `tuple` for a carry left with one slot, is dropped: under a runtime type
    checker a stale one fails). A module-level step used by one caller becomes a local `def`
    of that caller (the article's rewrite), so the module no longer has it as an attribute.
    Where the loop's result is used, the original carry is rebuilt around the call, so the
    same pytree comes out. The rebuilt slots are the inputs themselves; jax 0.10 also returns
    a forwarded carry slot as the input object when called eagerly, and under `jit` both come
    out as the same array (a Python float as a weak-typed 0-d array). Older jax returned
    forwarded slots as arrays when called eagerly, so there a Python scalar comes back as a
    different type. A dict carry is rebuilt with its keys sorted, as jax returns it.

    A record class loses the fields that become captures, so the fix is offered only when
    nothing else in the file uses the class (a module importing it would see the change), the
    class has no methods, and the loop's final carry is dropped or read only for the fields it
    keeps (`final.s`).

    Inside the body, a captured value is the object the enclosing function holds, where the
    loop handed the body a jax array. For an argument of a jitted function that is the same;
    a NumPy array (an eager call's input, or one built inside the function) now reaches the
    body as NumPy, and code that indexes it with a traced value (`swaps[i]`) fails. `scanlint verify` found
    exactly this on jax's own `_generic_lu_pivots_to_permutation` with a NumPy input (with
    `jit`, identical). A slot whose init is a parameter is captured as it is: an eager caller
    passing a Python number there gets it compiled in as a constant, and such a call can
    differ in the last bits (under `jit` the parameter is traced: no difference; SCN102, the
    other way, leaves such parameters captured for the same reason). Every tested case with
    jax arrays, and every rule case, was bit-identical under `jit` and eagerly. Run
    `scanlint verify` on the result.

    No fix is offered when the init values are not names, a name would resolve differently
    inside the body, the step is used at more than one site, the body reads the carry in
    other ways, the result is used in a way the fix cannot rebuild, or the body has a
    Python effect (SCN204's, also through a helper, method or alias of the file), which
    would see other values once other values are traced.
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
            step = step_function(ctx.model, site) if not site.nnx else None
            layout = carry_layout(ctx.model, site, step) if step else None
            if step is None or layout is None:
                continue
            layout.passthrough = [i for i in layout.passthrough
                                  if not _constant(ctx.model, site, layout, i)]
            if not layout.passthrough:
                continue
            labels = [f"`{slot_label(layout, i)}`" for i in layout.passthrough]
            message = (f"Carry slot {labels[0]} is returned unchanged; capture it instead"
                       if len(labels) == 1 else
                       f"Carry slots {', '.join(labels)} are returned unchanged; capture them "
                       "instead")
            numpy = _numpy_indexed(ctx.model, site, step, layout)
            message, fix = with_fix(message, _fix(ctx, site, step, layout) if numpy is None else
                                    f"`{numpy}` is a NumPy array the body indexes with a traced "
                                    "value; captured, it would stay NumPy and fail")
            yield ctx.diagnostic(self, site.call, message, fix=fix, statement=site.statement)

    VALID = [
        Valid("import jax\ndef f(s):\n    return s\n"
              "def run(s0, a):\n    return jax.lax.scan(lambda c, x: (c + a, x), s0, a)\n",
              {"param_style": "closure"}),
        # Nothing is passed through unchanged.
        Valid("import jax\ndef step(c, x):\n    s, t = c\n    return (s + x, t + 1), s\n"
              "def run(xs):\n    return jax.lax.scan(step, (0.0, 0), xs)\n",
              {"param_style": "closure"}),
        # A dict carry whose every key changes.
        Valid("import jax\ndef step(c, x):\n    return {'s': c['s'] + x, 'n': c['n'] + 1}, x\n"
              "def run(xs):\n    return jax.lax.scan(step, {'s': 0.0, 'n': 0}, xs)\n",
              {"param_style": "closure"}),
        # The carry is also passed whole to a function: reported only through returns.
        Valid("import jax\ndef step(c, x):\n    return {'s': f(c), 'a': x}, x\n"
              "def run(xs, a):\n    return jax.lax.scan(step, {'s': 0.0, 'a': a}, xs)\n",
              {"param_style": "closure"}),
        # A name bound twice, or a list init changed before the call: not followed.
        Valid("import jax\ndef step(c, x):\n    s, a = c\n    return (s + a, a), s\n"
              "def run(xs, a, b):\n    init = (0.0, a)\n    init = (0.0, b)\n"
              "    return jax.lax.scan(step, init, xs)\n", {"param_style": "closure"}),
        Valid("import jax\ndef step(c, x):\n    s, a = c\n    return [s + a, a], s\n"
              "def run(xs, a):\n    init = [0.0]\n    init.append(a)\n"
              "    return jax.lax.scan(step, init, xs)\n", {"param_style": "closure"}),
        # The default param-style is "any".
        "import jax\ndef step(c, x):\n    s, a = c\n    return (s + a, a), s\n"
        "def run(xs, a):\n    return jax.lax.scan(step, (0.0, a), xs)\n",
        # A slot whose object the body changes in place is not passed through: by item
        # assignment (captured, the body would change an outer dict), attribute assignment,
        # a mutating method, or an augmented item assignment.
        Valid("from jax import lax\ndef run(log, xs):\n    def step(c, i):\n"
              "        log, x = c\n        log[\"kT\"] = log[\"kT\"].at[i].set(x)\n"
              "        return (log, x + 1.0), x\n"
              "    return lax.scan(step, (log, 0.0), xs)\n", {"param_style": "closure"}),
        Valid("from jax import lax\ndef run(stats, xs):\n    def step(c, x):\n"
              "        c[\"stats\"].count = x\n"
              "        return {\"stats\": c[\"stats\"], \"s\": c[\"s\"] + x}, x\n"
              "    return lax.scan(step, {\"stats\": stats, \"s\": 0.0}, xs)\n",
              {"param_style": "closure"}),
        Valid("from jax import lax\ndef run(log, xs):\n    def step(c, x):\n"
              "        hist, s = c\n        hist.update(last=x)\n"
              "        return (hist, s + x), s\n"
              "    return lax.scan(step, (log, 0.0), xs)\n", {"param_style": "closure"}),
        Valid("from jax import lax\ndef run(buf, xs):\n    def step(c, x):\n"
              "        b, s = c\n        b[0] += x\n        return (b, s + x), s\n"
              "    return lax.scan(step, (buf, 0.0), xs)\n", {"param_style": "closure"}),
        # A slot that starts as a Python-number constant (a literal, or a name bound to one
        # here or at module level) stays threaded: captured, XLA could fold it.
        Valid("from jax import lax\nRATE = 0.5\ndef run(xs):\n    dt = 0.05\n"
              "    def step(c, x):\n        s, dt, rate, two = c\n"
              "        return (s * dt * rate * two + x, dt, rate, two), s\n"
              "    return lax.scan(step, (0.0, dt, RATE, 2), xs)\n", {"param_style": "closure"}),
    ]

    INVALID = [
        # A NumPy table the body indexes with the traced counter: the carry made it a jax
        # array; captured it would stay NumPy and `table[i]` would fail under jit. No fix.
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
            "def ids(n):\n"
            "    table = np.arange(n) * 3\n"
            "    def body(i, carry):\n"
            "        out, tab = carry\n"
            "        return out.at[i].set(tab[i] + 1), tab\n"
            "    out, _ = jax.lax.fori_loop(0, n, body, (jnp.zeros(n, jnp.int32), table))\n"
            "    return out\n",
            None, settings={"param_style": "closure"},
        ),
        # The same table read whole (arithmetic accepts NumPy under tracing): the fix holds.
        Invalid(
            "import jax\nimport numpy as np\n"
            "def scaled(xs):\n"
            "    table = np.ones(3)\n"
            "    def step(c, x):\n"
            "        s, tab = c\n"
            "        return (s + tab * x, tab), s\n"
            "    (s, _), ys = jax.lax.scan(step, (np.zeros(3), table), xs)\n"
            "    return s, ys\n",
            "import jax\nimport numpy as np\n"
            "def scaled(xs):\n"
            "    table = np.ones(3)\n"
            "\n"
            "    def step(s, x):\n"
            "        return s + table * x, s\n"
            "    s, ys = jax.lax.scan(step, np.zeros(3), xs)\n"
            "    return s, ys\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
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
        # A local step, `c[i]` indexing, the result unpacked by the caller; the carry left
        # with one slot becomes that value.
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
            "        return c + x * scale, c\n"
            "    total, ys = lax.scan(step, 0.0, xs)\n"
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
            "    def body(i, acc):\n"
            "        return acc * k\n"
            "    acc = jax.lax.fori_loop(0, n, body, x)\n"
            "    return acc\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # A dict carry read by key, one key bound to a name; the result rebuilt, keys sorted.
        Invalid(
            "from jax import lax\n"
            "def run(xs, scale, bias):\n"
            "    def step(c, x):\n"
            "        k = c[\"scale\"]\n"
            "        s = c[\"s\"] * k + c['bias'] + x\n"
            "        return {\"s\": s, \"scale\": k, 'bias': c['bias']}, s\n"
            "    out = lax.scan(step, {\"s\": 0.0, \"scale\": scale, 'bias': bias}, xs)\n"
            "    return out\n",
            "from jax import lax\n"
            "def run(xs, scale, bias):\n"
            "    def step(c, x):\n"
            "        s = c[\"s\"] * scale + bias + x\n"
            "        return {\"s\": s}, s\n"
            "    carry_out, ys_out = lax.scan(step, {\"s\": 0.0}, xs)\n"
            "    out = {'bias': bias, \"s\": carry_out[\"s\"], \"scale\": scale}, ys_out\n"
            "    return out\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # A NamedTuple carry updated with `_replace`; the class loses the field.
        Invalid(
            _STATE_CLASS + "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        s = state.s * state.rate + x\n"
            "        return state._replace(s=s), s\n"
            "    final, ys = jax.lax.scan(step, State(0.0, rate), xs)\n"
            "    return final.s, ys\n",
            "from typing import NamedTuple\nimport jax\n\n\n"
            "class State(NamedTuple):\n    s: float\n"
            "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        s = state.s * rate + x\n"
            "        return state._replace(s=s), s\n"
            "    final, ys = jax.lax.scan(step, State(0.0), xs)\n"
            "    return final.s, ys\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # A functional namedtuple carry: reported, no fix (there is no class statement whose
        # fields the fix could change).
        Invalid(
            "import collections\nimport jax\n"
            "State = collections.namedtuple('State', 's rate')\n"
            "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        s = state.s * state.rate + x\n"
            "        return state._replace(s=s), s\n"
            "    final, ys = jax.lax.scan(step, State(0.0, rate), xs)\n"
            "    return final.s, ys\n",
            None, settings={"param_style": "closure"},
        ),
        # A flax.struct.dataclass carry: the same, with `.replace`.
        Invalid(
            "import jax\nfrom flax import struct\n@struct.dataclass\n"
            "class State:\n    s: float\n    rate: float\n"
            "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        return state.replace(s=state.s * state.rate + x), x\n"
            "    return jax.lax.scan(step, State(s=0.0, rate=rate), xs)[1]\n",
            "import jax\nfrom flax import struct\n\n\n@struct.dataclass\n"
            "class State:\n    s: float\n"
            "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        return state.replace(s=state.s * rate + x), x\n"
            "    return jax.lax.scan(step, State(s=0.0), xs)[1]\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # The class is used elsewhere, or the final carry is returned whole: no fix.
        Invalid(
            _STATE_CLASS + "def run(xs, rate):\n"
            "    def step(state, x):\n"
            "        return State(state.s * state.rate + x, state.rate), x\n"
            "    return jax.lax.scan(step, State(s=0.0, rate=rate), xs)\n",
            None, settings={"param_style": "closure"},
        ),
        # while_loop: the condition reads the new carry (the kept slot moves to the front).
        Invalid(
            "from jax import lax\n"
            "def grow(v0, d):\n"
            "    def cond(st):\n"
            "        return st[1] < 10.0\n"
            "    def body(st):\n"
            "        return (st[0], st[1] * (1 + st[0]))\n"
            "    return lax.while_loop(cond, body, (d, v0))\n",
            "from jax import lax\n"
            "def grow(v0, d):\n"
            "    def cond(st):\n"
            "        return st < 10.0\n"
            "\n"
            "    def body(st):\n"
            "        return st * (1 + d)\n"
            "    carry_out = lax.while_loop(cond, body, v0)\n"
            "    return (d, carry_out)\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # The init bound to a name first (jax's own testNestedWhile): reported; the condition
        # reads the slot and the fix rewrites literals at the call only, so no fix.
        Invalid(
            "from jax import lax\n"
            "def outer(num):\n"
            "    def cond_fun(state):\n        num, i, _ = state\n        return i < num\n"
            "    def body_fun(state):\n        num, i, count = state\n"
            "        return (num, i + 1, count + i)\n"
            "    init_val = (num, 0, 0)\n"
            "    _, i, count = lax.while_loop(cond_fun, body_fun, init_val)\n"
            "    return i, count\n",
            None, settings={"param_style": "closure"},
        ),
        # Two slots read by key on one line (jax's testForiLoopDictState): reported, no fix.
        Invalid(
            "from jax import lax\n"
            "def total(arr, n):\n"
            "    def body(i, state):\n"
            "        arr, acc = state['arr'], state['acc']\n"
            "        return {'arr': arr, 'acc': acc + arr[i]}\n"
            "    return lax.fori_loop(0, n, body, {'arr': arr, 'acc': 0.0})['acc']\n",
            None, settings={"param_style": "closure"},
        ),
        # An annotated carry: `Tuple[...]` loses the captured slots (one left: that type).
        Invalid(
            "from typing import Tuple\nimport jax\n"
            "def place(grid, agents, ids):\n"
            "    def step(carry: Tuple[jax.Array, jax.Array], i):\n"
            "        g, agents = carry\n"
            "        return (g + agents * i, agents), None\n"
            "    (grid, _), _ = jax.lax.scan(step, (grid, agents), ids)\n"
            "    return grid\n",
            "from typing import Tuple\nimport jax\n"
            "def place(grid, agents, ids):\n"
            "    def step(g: jax.Array, i):\n"
            "        return g + agents * i, None\n"
            "    carry_out, ys_out = jax.lax.scan(step, grid, ids)\n"
            "    grid = carry_out\n"
            "    return grid\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # The return annotation follows the carry (`-> Tuple[Tuple[A, A], None]` of a scan,
        # `-> Tuple[A, A]` of a fori_loop), and a `tuple` left with one slot goes: a stale
        # annotation fails under a runtime type checker (jaxtyping's hook with beartype).
        Invalid(
            "from typing import Tuple\nimport jax\n"
            "def place(grid, agents, ids):\n"
            "    def step(carry: Tuple[jax.Array, jax.Array], i) -> Tuple[Tuple[jax.Array, jax.Array], None]:\n"
            "        g, agents = carry\n"
            "        return (g + agents * i, agents), None\n"
            "    (grid, _), _ = jax.lax.scan(step, (grid, agents), ids)\n"
            "    return grid\n",
            "from typing import Tuple\nimport jax\n"
            "def place(grid, agents, ids):\n"
            "    def step(g: jax.Array, i) -> Tuple[jax.Array, None]:\n"
            "        return g + agents * i, None\n"
            "    carry_out, ys_out = jax.lax.scan(step, grid, ids)\n"
            "    grid = carry_out\n"
            "    return grid\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        Invalid(
            "import jax\n"
            "def run(x, y):\n"
            "    def body(i, carry: tuple) -> tuple:\n"
            "        a, b = carry\n"
            "        return a + b, b\n"
            "    a, b = jax.lax.fori_loop(0, 3, body, (x, y))\n"
            "    return a\n",
            "import jax\n"
            "def run(x, y):\n"
            "    def body(i, a):\n"
            "        return a + y\n"
            "    carry_out = jax.lax.fori_loop(0, 3, body, x)\n"
            "    a, b = (carry_out, y)\n"
            "    return a\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # Used at two sites: reported, no fix.
        Invalid(
            "import jax\ndef step(c, x):\n    s, a = c\n    return (s + a, a), s\n"
            "def run(xs, a):\n    jax.lax.scan(step, (0.0, a), xs)\n"
            "    return jax.lax.scan(step, (1.0, a), xs)\n",
            None, settings={"param_style": "closure"}, count=2,
        ),
        # A Python effect in the body: no rewrite of what it sees (`fixes/effects.py`).
        Invalid("from jax import lax\ndef run(xs, a):\n    def step(c, x):\n        s, a = c\n"
                "        print(x)\n        return (s + a, a), s\n"
                "    return lax.scan(step, (0.0, a), xs)\n", settings={"param_style": "closure"}),
        # The result unpacked: the call binds the names itself, no `carry_out[i]` nor an
        # unused `ys_out`.
        Invalid(
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def run(a, b, c, d, k, xs):\n"
            "    def step(carry, x):\n"
            "        a, b, c, d, k = carry\n"
            "        return (a + x * k, b + a, c * 2.0, d - b, k), x\n"
            "\n"
            "    (a, b, c, d, _), _ = lax.scan(step, (a, b, c, d, k), xs)\n"
            "    return a + b + c + d\n",
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def run(a, b, c, d, k, xs):\n"
            "    def step(carry, x):\n"
            "        a, b, c, d = carry\n"
            "        return (a + x * k, b + a, c * 2.0, d - b), x\n"
            "\n"
            "    (a, b, c, d), _ = lax.scan(step, (a, b, c, d), xs)\n"
            "    return a + b + c + d\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
        # A two-space file: the broken line hangs by four, as pyink writes JAX's code (a
        # two-space hanging indent would read as a nested block).
        Invalid(
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def simulate(position, velocity, acceleration, xs):\n"
            "  def step(carry, x):\n"
            "    position, velocity, acceleration = carry\n"
            "    return (position + velocity * 0.5, velocity + acceleration * x, acceleration), position\n"
            "\n"
            "  outcome = lax.scan(step, (position, velocity, acceleration), xs, length=None, reverse=False)\n"
            "  return outcome\n",
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def simulate(position, velocity, acceleration, xs):\n"
            "  def step(carry, x):\n"
            "    position, velocity = carry\n"
            "    return (position + velocity * 0.5, velocity + acceleration * x), position\n"
            "\n"
            "  carry_out, ys_out = lax.scan(\n"
            "      step, (position, velocity), xs, length=None, reverse=False)\n"
            "  outcome = (carry_out[0], carry_out[1], acceleration), ys_out\n"
            "  return outcome\n",
            unsafe=True, settings={"param_style": "closure"},
        ),
    ]


def _constant(model, site: ScanSite, layout: CarryLayout, i: int) -> bool:
    """Slot ``i`` starts as a constant (a Python number, or a name bound to one): threaded,
    it is a loop value; captured, XLA could fold it, and results could change in the last
    bits. It stays in the carry."""
    kind, _why = values_of(model).expr_kind(layout.init_elements[i], site.scope, set())
    return kind == CONSTANT


def _numpy_indexed(model, site: ScanSite, step: StepFunction, layout: CarryLayout) -> str | None:
    """The init name of a passthrough slot that visibly holds a NumPy value and that the body
    indexes with something other than constants (`table[i]`, `table.at[...]`): the carry made
    it a jax array, so the traced index worked; captured, it stays NumPy and the same index
    raises TracerArrayConversionError."""
    for i in layout.passthrough:
        init = layout.init_elements[i]
        kind, why = values_of(model).expr_kind(init, site.scope, set())
        name = layout.slot_names[i]
        if kind == STATIC and "NumPy" in why and (name is None or _traced_index(step, name)):
            return cst.Module([]).code_for_node(init)
    return None


def _traced_index(step: StepFunction, name: str) -> bool:
    """Whether the body subscripts ``name`` with an index that reads a name, or uses `.at`."""
    for node in nodes_in(step.node):
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) \
                and node.value.value == name and any(
                    isinstance(inner, cst.Name) for part in node.slice for inner in nodes_in(part)):
            return True
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
                and node.value.value == name and node.attr.value == "at":
            return True
    return False


def slot_label(layout: CarryLayout, i: int) -> str:
    if layout.slot_names[i]:
        return layout.slot_names[i]
    if not layout.is_sequence:
        return str(layout.keys[i])
    init = layout.init_elements[i]
    return init.value if isinstance(init, cst.Name) else f"carry[{i}]"


def _fix(ctx: RuleContext, site: ScanSite, step: StepFunction, layout: CarryLayout
         ) -> Fix | str | None:
    """The fix, or why there is none."""
    model = ctx.model
    keep = [i for i in range(layout.size) if i not in layout.passthrough]
    values = {i: layout.init_elements[i] for i in layout.passthrough}
    if not keep:
        return "every slot is returned unchanged"
    if not all(isinstance(v, cst.Name) for v in values.values()):
        return "the slot's initial value is not a name"
    if not layout.init_at_call or layout.binders_shared:
        # the fix rewrites the call's literal, and a slot's line alone
        return "the initial carry is not a literal at the call"
    if len(step.ref.bindings) != 1:
        return "the step function is bound more than once"
    if layout.access not in ("unpack", "keyed"):
        return "the step reads its carry other than by unpacking it"
    binding = step.ref.bindings[0]
    if len(model.references(binding)) != 1:
        return "the step function is used more than once"
    if step.ref.kind == "local_def" and binding.scope is site.scope:
        move = False
    elif (step.ref.kind == "module_def" and site.scope.kind == "function"
          and not step.node.decorators and _movable_into(model, step, site)):
        move = True
    else:
        return "the step function cannot be moved next to the call"
    if not all(_capturable(step, site, layout, i, value) for i, value in values.items()):
        return "a slot's name means something else in the step"
    if layout.record is not None and not _record_changeable(model, site, step, layout):
        return "the carry's class is used elsewhere"
    refusal = step_refusal(model, step, site)
    if refusal is not None:
        return refusal

    condition = _condition_changes(model, site, layout, keep, values)
    if condition is None:
        return "the loop's condition cannot be rewritten"
    in_call, cond_replacements = condition
    new_call = call_with_init(site, _drop_slots(site.init, layout, values),
                              site.call.visit(ReplaceById(in_call)))
    statements = _result_statements(model, site, layout, keep, values, new_call)
    if statements is None:
        return "the loop's result is used in a way the fix cannot rebuild"
    new_def = step.node.visit(ReplaceById(_body_changes(model, step, layout, keep, values)))
    if move:  # the def goes just before the call, with the comments above it
        comments = [line for line in step.node.leading_lines if line.comment is not None]
        new_def = new_def.with_changes(leading_lines=[*statements[0].leading_lines, *comments])
        statements[0] = statements[0].with_changes(leading_lines=[])
        replacements = [(step.node, []), (site.statement, [new_def, *statements])]
    else:
        replacements = [(step.node, [new_def]), (site.statement, statements)]
    if layout.record is not None:
        replacements.append((layout.record, [_record_without(layout, values)]))
    replacements += cond_replacements
    names = ", ".join(f"`{v.value}`" for v in values.values())
    them = "it" if len(values) == 1 else "them"
    return statement_fix(ctx.text, model.module, model.range_of, replacements,
                         f"Capture {names} instead of threading {them} through the carry", "unsafe",
                         model.index, ctx.settings.line_length)


def _condition_changes(model, site: ScanSite, layout: CarryLayout, keep: list[int],
                       values: dict[int, cst.Name]):
    """A while loop's condition reads the carry too: (changes inside the call, statement
    replacements) that make it read the new carry, or None when it cannot be adapted.
    Only an inline lambda, or a local `def` used by this call alone, is rewritten."""
    if site.callee != "while_loop":
        return {}, []
    cond = step_function(model, site, "cond_fun")
    reads = slot_reads(layout, cond) if cond is not None else None
    if cond is None or reads is None:
        return None
    for value in values.values():
        if lookup(cond.scope, value.value) != lookup(site.scope, value.value):
            return None  # the condition would read another binding of the name
    changes = _read_changes(cond, layout, keep, values, reads)
    if cond.ref.kind == "inline_lambda":
        return changes, []
    if (cond.ref.kind == "local_def" and len(cond.ref.bindings) == 1
            and len(model.references(cond.ref.bindings[0])) == 1):
        return {}, [(cond.node, [cond.node.visit(ReplaceById(changes))])]
    return None


def _read_changes(function: StepFunction, layout: CarryLayout, keep: list[int],
                  values: dict[int, cst.Name], reads: list[cst.BaseExpression]) -> dict:
    """Slot reads of the new carry: a removed slot reads its captured name; a kept slot of a
    tuple or list its new position, or the carry itself when it is the one slot left."""
    changes: dict = {}
    new_index = {i: k for k, i in enumerate(keep)}
    single = layout.is_sequence and len(keep) == 1
    for node in reads:
        i = layout.slot_read(function.carry_name, node)
        if i in values:
            changes[id(node)] = cst.Name(values[i].value)
        elif single:
            changes[id(node)] = cst.Name(function.carry_name)
        elif layout.is_sequence and i is not None:
            changes[id(node)] = index(node.value, new_index[i])
    return changes


def _capturable(step: StepFunction, site: ScanSite, layout: CarryLayout, i: int,
                value: cst.Name) -> bool:
    """The init's name for slot ``i`` reads the same value from inside the body: it is bound
    where the loop is called, and the body binds it only where the fix removes the slot."""
    if lookup(site.scope, value.value)[0] is None:
        return False
    removed = layout.slot_binders[i] if layout.slot_names[i] == value.value else None
    return all(b.node is removed for b in step.scope.bindings.get(value.value, []))


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


# -- the carry's new shape ------------------------------------------------------------------
def _kept(items: list, keep: list[bool]) -> list:
    """``items`` (elements or arguments) where ``keep``, the last one keeping the original
    last item's comma (so a trailing comma stays, and no comma dangles)."""
    kept = [item for item, wanted in zip(items, keep) if wanted]
    if kept:
        kept[-1] = kept[-1].with_changes(comma=items[-1].comma)
    return kept


def _drop_slots(carry: cst.BaseExpression, layout: CarryLayout, values: dict) -> cst.BaseExpression:
    """A carry literal (the init or a return's carry) without the slots in ``values``."""
    dropped = {layout.keys[i] for i in values}
    if isinstance(carry, (cst.Tuple, cst.List)):
        return without_slots(carry, [i for i in range(len(carry.elements)) if i not in values])
    if isinstance(carry, cst.Dict):
        return carry.with_changes(elements=_kept(list(carry.elements), [
            not (isinstance(e, cst.DictElement) and string_key(e.key) in dropped)
            for e in carry.elements]))
    assert isinstance(carry, cst.Call)
    fields = layout.keys if _is_record_call(carry, layout) else []
    return carry.with_changes(args=_kept(list(carry.args), [
        (arg.keyword.value if arg.keyword else fields[n]) not in dropped
        for n, arg in enumerate(carry.args)]))


def _is_record_call(call: cst.Call, layout: CarryLayout) -> bool:
    return layout.record is not None and isinstance(call.func, cst.Name) and (
        call.func.value == layout.record.name.value)


def _record_without(layout: CarryLayout, values: dict) -> cst.ClassDef:
    assert layout.record is not None
    dropped = {layout.keys[i] for i in values}
    body = [line for line in layout.record.body.body
            if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
                    and isinstance(line.body[0], cst.AnnAssign)
                    and isinstance(line.body[0].target, cst.Name)
                    and line.body[0].target.value in dropped)]
    return layout.record.with_changes(body=layout.record.body.with_changes(body=body))


def _record_changeable(model, site: ScanSite, step: StepFunction, layout: CarryLayout) -> bool:
    """A NamedTuple class can lose fields when only this loop uses it (its init and its
    step) and it has no methods that could read them."""
    record = layout.record
    assert record is not None and isinstance(site.init, cst.Call)
    if made_record(model, record):  # `X = namedtuple(...)`: no class statement to rewrite
        return False
    if any(isinstance(line, cst.FunctionDef) for line in record.body.body):
        return False
    owner, bindings = lookup(site.scope, record.name.value)
    inside = {id(node) for node in nodes_in(step.node)} | {id(site.init.func)}
    return all(id(name) in inside for name, _ in model.references(bindings[0]))


# -- the loop's result ----------------------------------------------------------------------
def _result_statements(model, site: ScanSite, layout: CarryLayout, keep: list[int],
                       values: dict, new_call: cst.Call) -> list[cst.BaseStatement] | None:
    """The statements replacing the call's: the original carry rebuilt where it is used.
    A NamedTuple carry cannot be rebuilt (its class loses the fields): its result may only
    be read for the fields it keeps."""
    if layout.record is not None:
        kept_fields = {layout.keys[i] for i in keep}
        if not _reads_only_fields(model, site, kept_fields):
            return None
        return [site.statement.visit(ReplaceById({id(site.call): new_call}))]
    new_index = {i: k for k, i in enumerate(keep)}

    def rebuild(carry_out: cst.BaseExpression) -> cst.BaseExpression:
        def slot(i: int) -> cst.BaseExpression:
            if i in values:
                return cst.Name(values[i].value)
            if layout.container == "dict":
                return cst.Subscript(carry_out, [cst.SubscriptElement(cst.Index(
                    _key_literal(site, layout, i)))])
            return carry_out if len(keep) == 1 else index(carry_out, new_index[i])

        if layout.container == "dict":  # jax gives a dict back with its keys sorted
            order = sorted(range(layout.size), key=lambda i: layout.keys[i])
            return cst.Dict([cst.DictElement(_key_literal(site, layout, i), slot(i))
                             for i in order])
        return sequence(layout.container, [slot(i) for i in range(layout.size)])

    return rebuilt_statements(site, new_call, rebuild, names_in_use(site.scope))


def _key_literal(site: ScanSite, layout: CarryLayout, i: int) -> cst.BaseExpression:
    assert isinstance(site.init, cst.Dict)
    element = site.init.elements[i]
    assert isinstance(element, cst.DictElement)
    return element.key.deep_clone()


def _reads_only_fields(model, site: ScanSite, fields: set[str]) -> bool:
    """The loop's final carry is dropped, read at once for a kept field (`loop(...).s`), or
    bound to a name read only as `name.field` for kept fields (`final, ys = scan(...)`, then
    `final.s`)."""
    if any(isinstance(node, cst.Attribute) and node.value is site.call and node.attr.value in fields
           for node in nodes_in(site.statement)):
        return True  # `fori_loop(...).acc`
    use = result_use(site)
    if use is None:
        return False
    kind, small = use
    if kind in ("discarded", "ys-only"):
        return True
    if not isinstance(small, cst.Assign) or small.value is not site.call:
        return False
    target = small.targets[0].target
    if site.callee == "scan":
        pair = target.elements if isinstance(target, (cst.Tuple, cst.List)) else []
        target = pair[0].value if len(pair) == 2 else None
    if not isinstance(target, cst.Name):
        return False
    bindings = [b for b in site.scope.bindings.get(target.value, []) if b.node is small]
    if len(bindings) != 1:
        return False
    reads = {id(name) for name, _ in model.references(bindings[0])}
    field_reads = {id(node.value) for node in nodes_in(site.scope.node)
                   if isinstance(node, cst.Attribute) and node.attr.value in fields}
    return reads <= field_reads


# -- the body -------------------------------------------------------------------------------
def _body_changes(model, step: StepFunction, layout: CarryLayout, keep: list[int],
                  values: dict[int, cst.Name]) -> dict:
    """Replacements inside the step: how it reads the removed slots, and its returns."""
    changes: dict = {}
    if layout.access == "unpack":
        changes.update(unpack_changes(step, layout, keep))
    changes.update(_read_changes(step, layout, keep, values, layout.reads))
    for i, value in values.items():
        slot, binder = layout.slot_names[i], layout.slot_binders[i]
        if binder is None or slot is None:
            continue
        if layout.access != "unpack":
            if len(step.scope.bindings.get(slot, [])) != 1:
                continue  # `k = carry["k"]` stays, reading the capture: `k` is rebound later
            changes[id(_line_of(step, binder))] = None  # `a = carry["a"]` goes; `a` is captured
        if slot != value.value:
            changes.update(rename_loads(model, step.scope, slot, cst.Name(value.value), binder))
    for ret in layout.returns:
        carry = returned_carry(step, ret.value)
        changes[id(carry)] = lambda updated: _drop_returned(updated, layout, values)
    return changes


def _drop_returned(carry: cst.BaseExpression, layout: CarryLayout, values: dict) -> cst.BaseExpression:
    if isinstance(carry, cst.Call) and isinstance(carry.func, cst.Attribute):  # `c._replace(...)`
        dropped = {layout.keys[i] for i in values}
        if not carry.args:
            return carry
        return carry.with_changes(args=_kept(list(carry.args), [
            arg.keyword.value not in dropped for arg in carry.args]))
    return _drop_slots(carry, layout, values)


def _line_of(step: StepFunction, small: cst.BaseSmallStatement) -> cst.SimpleStatementLine:
    body = step.node.body
    assert isinstance(body, cst.IndentedBlock)
    return next(line for line in body.body
                if isinstance(line, cst.SimpleStatementLine)
                and any(each is small for each in line.body))
