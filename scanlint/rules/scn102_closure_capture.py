from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix
from scanlint.fixes.carry import (call_with_init, fresh_name, index, names_in_use, param_changes,
                                  rebuilt_statements, rename_loads, returns_changes, sequence,
                                  threaded_annotation, with_elements)
from scanlint.fixes.edits import ReplaceById, statement_fix
from scanlint.fixes.effects import step_refusal
from scanlint.rules import Invalid, Rule, RuleContext, Valid, with_fix
from scanlint.semantic import walk
from scanlint.semantic.captures import Capture, closure_captures, wanted_style
from scanlint.semantic.carry import (CarryLayout, StepFunction, carry_layout, only_indexed,
                                     returned_carry, returns_of, step_function)
from scanlint.semantic.model import ScanSite


class ClosureCapture(Rule):
    """
    ## What it does
    With `param-style = "carry"`, finds step functions that capture locals of an enclosing
    function that hold arrays (`a` in `def step(c, _): return advance(c, a[:, c[1]], dt)`).
    With `param-style = "consistent"`, reports them only in files where most sites thread
    their arrays through the carry.

    Only names the code shows to hold arrays (or pytrees of arrays) are threaded:
    - locals bound from `jax.numpy`, `lax`, `random`, `nn` or `scipy` calls, arithmetic on
      arrays, a loop's or `vmap(f)(x)`'s result, or a tuple, list or dict of such values;
    - parameters of the enclosing function that something only an array allows shows to be
      one: `.shape`, `.dtype`, `.T`, `.at[...]`, an array method (`.sum()`), indexing by a
      computed value (`a[t]`), being scanned over (`xs`).

    Everything else stays captured, and the message says why:
    - functions and objects: a name that is called, passed where JAX takes a function
      (`vmap(model)`, `lax.switch(i, branches, x)`, `lax.cond`, `jit`, `tree.map`), passed to
      a function of the same file that calls it, read for a non-array attribute
      (`env.step`, `self.x`), changed in place, `*args` and `**kwargs`, `self`;
    - static values: a name used in an `if`/`while` test, `range()`, `len()`, as a shape,
      axis, length or dtype (`length=n`, `jnp.zeros(n)`, also inside a function of the same
      file it is passed to), a slice bound, an f-string, an `is`/`in` comparison, a `for`
      loop; names that by convention hold such values (`shape`, `dtype`, `axis`, `*_ref`,
      `n_*`, `num_*`, `mesh`, `config`, ...) and functions (`*_fn`, `fun`);
    - constants: a name bound only to Python numbers, or to jax arrays built only from
      constants (`dt = 0.05`, `eye = jnp.eye(3)`, `jnp.int8(Items.interact)` of an enum
      member, `jnp.array([i * i for i in range(n)])`, `jnp.array([-1, *TABLE.values()])` of
      a dict of numbers). Captured, XLA compiles them in and can
      fold them into the loop; threaded, they are loop values it cannot fold, and an output
      changed by one ulp when this was tried;
    - parameters only multiplied or passed on: they may be Python numbers, which the
      closure style compiles in as constants when the function is called outside `jit`;
    - values the code does not show (an unknown function's result, unpacking one).

    Flax NNX loops are not checked: their carry may hold graph nodes (modules, `nnx.Rngs`)
    whose state the loop propagates, which the fix's carry rewrite does not model.

    A site whose captures all stay is already in the carry style: it is not reported. Names
    are followed into the functions of the same file they are passed to (as far as four
    calls deep), not into other modules.

    ## Why is this bad?
    Some teams want every input of a loop visible in its carry. The cost is real but small:
    jax (since PR 28210, 0.4.38) moves forwarded carry elements into consts, so the loop body
    compiles the same, but the loop returns the threaded values as extra outputs; on the
    reference article's example that cost 1.24x per jitted call (1.38x with `fori_loop`).
    Use this rule only if that is the house style; `closure` (SCN101) is the cheaper one.

    ## Example
    ```python
    def rollout(s0, a, dt):
        def step(carry, _):
            s, t = carry
            s2 = evolve(s, a[:, t], dt)
            return (s2, t + 1), s2
        return jax.lax.scan(step, (s0, 0), None, length=100)
    ```

    ## Use instead
    ```python
    def rollout(s0, a, dt):
        def step(carry, _):
            s, t, a = carry
            s2 = evolve(s, a[:, t], dt)
            return (s2, t + 1, a), s2
        carry_out, ys_out = jax.lax.scan(step, (s0, 0, a), None, length=100)
        return (carry_out[0], carry_out[1]), ys_out
    ```
    (`dt` stays captured: nothing shows it is not a Python number.)

    ## Fix safety
    The fix is unsafe. When the body unpacks a tuple or list carry the names are appended to
    it (as above); otherwise the carry becomes `(old_carry, a, dt)` and the body unpacks it
    first (a body returning `a, b` without parentheses returns `((a, b), a, dt)`, so the
    carry keeps the init's structure). Annotations of the carry that the new carry breaks
    (`c: C` once it is `(c, a, dt)`, `Tuple[A, B]` once it has more slots, and the same in
    the return annotation) are dropped: under a runtime type checker (jaxtyping's import
    hook with beartype, as gpjax's tests install) a stale one fails; `Any` stays. The names
    are read at the call, which is also when a
    closure reads them (late binding gives the same values). The loop's result is rebuilt
    where it is used, so the same pytree comes out. Every rule case's fix is run under JAX
    (jit and eagerly) and compared bit for bit; run `scanlint verify` on yours. For
    `while_loop` the condition is adapted as well. No fix is offered for lambda bodies
    (SCN001's fix makes them defs first), steps used at more than one site, results used
    in a way the fix cannot rebuild, or bodies with a Python effect (SCN204's, also through
    a helper, method or alias of the file), which would see other values once other values
    are traced.
    """

    CODE = "SCN102"
    NAME = "closure-capture"
    MESSAGE = ("Step function `{step}` captures {names} from the enclosing function; "
               "thread them through the carry")

    @classmethod
    def enabled(cls, settings) -> bool:
        return settings.param_style in ("carry", "consistent")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if wanted_style(ctx.model, ctx.settings.param_style) != "carry":
            return
        for site in ctx.model.sites:
            step = step_function(ctx.model, site) if not site.nnx else None
            if step is None or step.carry_param is None:  # lax.map has no carry to thread
                continue
            captured = closure_captures(ctx.model, step)
            moving = [c for c in captured if c.movable]
            if not moving:  # functions and static values only: already the carry style
                continue
            message, fix = _message(self, step, captured, _fix(ctx, site, step, moving))
            yield ctx.diagnostic(self, site.call, message, fix=fix, statement=site.statement)

    VALID = [
        # Globals, imports and functions are not closure captures.
        Valid("import jax\nimport jax.numpy as jnp\nK = 2.0\n"
              "def run(xs):\n    def step(c, x):\n        return c + K * jnp.sin(x), c\n"
              "    return jax.lax.scan(step, 0.0, xs)\n", {"param_style": "carry"}),
        # Already threaded through the carry.
        Valid("import jax\ndef run(xs, k):\n    def step(c, x):\n        s, k = c\n"
              "        return (s + k * x, k), s\n    return jax.lax.scan(step, (0.0, k), xs)\n",
              {"param_style": "carry"}),
        # The default param-style is "any".
        "import jax\ndef run(xs, k):\n    def step(c, x):\n        return c + k * x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        # Only a static capture: already the carry style, nothing to report.
        Valid("import jax\ndef run(xs, n):\n    def step(c, x):\n"
              "        return c + x[:n].sum(), c\n    return jax.lax.scan(step, 0.0, xs)\n",
              {"param_style": "carry"}),
        # Functions passed on, never called here: to `vmap`, as `lax.switch` branches, to a
        # helper of the file that calls them.
        Valid("import jax\nfrom jax import lax\n"
              "def apply(f, x):\n    return f(x)\n"
              "def run(xs, model, branches, kernel):\n"
              "    def step(c, x):\n"
              "        y = jax.vmap(model)(x) + lax.switch(0, branches, x)\n"
              "        return c + y + apply(kernel, x), c\n"
              "    return lax.scan(step, 0.0, xs)\n", {"param_style": "carry"}),
        # `*args` and `**kwargs` may carry functions (a log-density) and options.
        Valid("import jax\ndef run(xs, logdensity, *args, **kwargs):\n"
              "    def step(c, x):\n        return c + logdensity(x, *args, **kwargs), c\n"
              "    return jax.lax.scan(step, 0.0, xs)\n", {"param_style": "carry"}),
        # A Python int that a helper of the file uses as a length or a shape.
        Valid("import jax\nimport jax.numpy as jnp\n"
              "def pad(x, n):\n    return jnp.zeros(n) + x\n"
              "def roll(x, steps):\n"
              "    return jax.lax.scan(lambda c, _: (c, c), x, None, length=steps)[1]\n"
              "def run(xs, n, steps):\n    def step(c, x):\n"
              "        return c + pad(x, n).sum() + roll(x, steps).sum(), c\n"
              "    return jax.lax.scan(step, 0.0, xs)\n", {"param_style": "carry"}),
        # Python-number constants of the enclosing function: XLA folds them in the closure
        # style and could not fold them in a carry (results could change in the last bits).
        Valid("import jax\ndef run(xs):\n    dt = 0.05\n    mass = 2\n    half = dt / 2\n"
              "    def step(c, x):\n        return c + x * dt * mass + half, c\n"
              "    return jax.lax.scan(step, 0.0, xs)\n", {"param_style": "carry"}),
        # Objects whose methods the step calls (an environment), and values the code does not
        # show to be arrays (the result of an unknown function, only passed on).
        Valid("import jax\nfrom lib import make_env, policy\ndef run(key, n):\n"
              "    env = make_env()\n    params = policy.init(key)\n"
              "    def step(state, _):\n"
              "        state = env.step(state, policy.apply(params, state))\n"
              "        return state, state\n"
              "    return jax.lax.scan(step, env.reset(key), None, length=n)\n",
              {"param_style": "carry"}),
        # Integer constants built from constants: an IntEnum member cast by a dtype, a
        # comprehension over a range, a dict's values spread into a list.
        Valid("import enum\nimport jax\nimport jax.numpy as jnp\n"
              "class Items(enum.IntEnum):\n    EMPTY = 0\n    INTERACT = 1\n"
              "ACTION_CODES = {'UP': 2, 'DOWN': 5}\n"
              "def run(grid):\n    interact = jnp.int8(Items.INTERACT)\n"
              "    table = jnp.array([i * i for i in range(4)])\n"
              "    kinds = jnp.array([int(Items(i)) for i in range(len(Items))])\n"
              "    codes = jnp.array([-1, *ACTION_CODES.values()], dtype=int)\n"
              "    deltas = jnp.array(list(ACTION_CODES.values()), dtype=jnp.int32)\n"
              "    def step(c, x):\n"
              "        return c + (x == interact) + table[1] + kinds[0] + codes[0] + deltas[1], c\n"
              "    return jax.lax.scan(step, 0, grid)\n"
              "out = run(jnp.ones(3, jnp.int8))\n", {"param_style": "carry"}),
    ]

    INVALID = [
        # A carry written over lines below the `(`: the pair is bound first, so its lines
        # keep their indentation (packed in place, `((c\n + ...` would misalign them).
        Invalid(
            "import jax\n"
            "def run(xs, k):\n"
            "    def step(c, x):\n"
            "        return (\n"
            "            c\n"
            "            + k.sum() * x,\n"
            "            c,\n"
            "        )\n"
            "    return jax.lax.scan(step, 0.0, xs)\n",
            "import jax\n"
            "def run(xs, k):\n"
            "    def step(packed, x):\n"
            "        c, k = packed\n"
            "        carry_out, ys_out = (\n"
            "            c\n"
            "            + k.sum() * x,\n"
            "            c,\n"
            "        )\n"
            "        return (carry_out, k), ys_out\n"
            "    carry_out, ys_out = jax.lax.scan(step, (0.0, k), xs)\n"
            "    return carry_out[0], ys_out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # The article's def style with an unpacked tuple carry: `a` (indexed by the counter,
        # so an array) is appended; `dt`, only multiplied, may be a Python number: it stays.
        Invalid(
            "import jax\n"
            "def rollout(s0, a, dt):\n"
            "    def step(carry, _):\n"
            "        s, t = carry\n"
            "        s2 = s + a[t] * dt\n"
            "        return (s2, t + 1), s2\n"
            "    return jax.lax.scan(step, (s0, 0), None, length=3)\n",
            "import jax\n"
            "def rollout(s0, a, dt):\n"
            "    def step(carry, _):\n"
            "        s, t, a = carry\n"
            "        s2 = s + a[t] * dt\n"
            "        return (s2, t + 1, a), s2\n"
            "    carry_out, ys_out = jax.lax.scan(step, (s0, 0, a), None, length=3)\n"
            "    return (carry_out[0], carry_out[1]), ys_out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # The carry is used whole: it is nested, and a call's result is split. `advance`
        # (of the same file) calls `.sum()` on `a` and `dt`: both are arrays.
        Invalid(
            "import jax\n"
            "def advance(c, a, dt):\n"
            "    return c + a.sum() * dt.sum(), c\n"
            "def rollout(s0, a, dt):\n"
            "    def step(carry, _):\n"
            "        return advance(carry, a, dt)\n"
            "    final, ys = jax.lax.scan(step, s0, None, length=3)\n"
            "    return final\n",
            "import jax\n"
            "def advance(c, a, dt):\n"
            "    return c + a.sum() * dt.sum(), c\n"
            "def rollout(s0, a, dt):\n"
            "    def step(packed, _):\n"
            "        carry, a, dt = packed\n"
            "        carry_out, ys_out = advance(carry, a, dt)\n"
            "        return (carry_out, a, dt), ys_out\n"
            "    final, ys = jax.lax.scan(step, (s0, a, dt), None, length=3)\n"
            "    final = final[0]\n"
            "    return final\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # while_loop: the condition is adapted too.
        Invalid(
            "from jax import lax\n"
            "def grow(x, rate, limit):\n"
            "    def body(v):\n"
            "        return v * rate.max()\n"
            "    return lax.while_loop(lambda v: v < limit, body, x)\n",
            "from jax import lax\n"
            "def grow(x, rate, limit):\n"
            "    def body(packed):\n"
            "        v, rate = packed\n"
            "        return (v * rate.max(), rate)\n"
            "    carry_out = lax.while_loop(\n"
            "        lambda packed: packed[0] < limit, body, (x, rate))\n"
            "    return carry_out[0]\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # Only the array moves; the function and the constant stay, and the message says why.
        Invalid(
            "import jax\n"
            "def run(xs, k, model):\n"
            "    dt = 0.1\n"
            "    def step(c, x):\n"
            "        return c + k.sum() * jax.vmap(model)(x).sum() * dt, c\n"
            "    return jax.lax.scan(step, 0.0, xs)\n",
            "import jax\n"
            "def run(xs, k, model):\n"
            "    dt = 0.1\n"
            "\n"
            "    def step(packed, x):\n"
            "        c, k = packed\n"
            "        return (c + k.sum() * jax.vmap(model)(x).sum() * dt, k), c\n"
            "    carry_out, ys_out = jax.lax.scan(step, (0.0, k), xs)\n"
            "    return carry_out[0], ys_out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # A fori_loop body returning its tuple carry without parentheses: the packed carry
        # keeps it one slot, `((a, b), k)`, as the init does (SCN201 stays quiet).
        Invalid(
            "from jax import lax\n"
            "def run(x, k):\n"
            "    def body(i, vals):\n"
            "        return vals[0] * k.sum(), vals[1] + 1\n"
            "    return lax.fori_loop(0, 3, body, (x, 0))\n",
            "from jax import lax\n"
            "def run(x, k):\n"
            "    def body(i, packed):\n"
            "        vals, k = packed\n"
            "        return ((vals[0] * k.sum(), vals[1] + 1), k)\n"
            "    carry_out = lax.fori_loop(0, 3, body, ((x, 0), k))\n"
            "    return carry_out[0]\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # `is` comparisons need Python values: `mode` stays, `k` moves.
        Invalid(
            "import jax\n"
            "def run(xs, k, mode):\n"
            "    def step(c, x):\n"
            "        if mode is None:\n"
            "            return c + k.sum() * x, c\n"
            "        return c - k.sum() * x, c\n"
            "    out = jax.lax.scan(step, 0.0, xs)\n"
            "    return out\n",
            "import jax\n"
            "def run(xs, k, mode):\n"
            "    def step(packed, x):\n"
            "        c, k = packed\n"
            "        if mode is None:\n"
            "            return (c + k.sum() * x, k), c\n"
            "        return (c - k.sum() * x, k), c\n"
            "    carry_out, ys_out = jax.lax.scan(step, (0.0, k), xs)\n"
            "    out = carry_out[0], ys_out\n"
            "    return out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # An inline lambda: reported, no fix.
        Invalid(
            "import jax\ndef run(xs, k):\n"
            "    return jax.lax.scan(lambda c, x: (c + k.sum(), c), 0.0, xs)\n",
            None, settings={"param_style": "carry"},
        ),
        # Annotated steps: `c: C` / `-> C` would name the old carry, not `(c, k)`, and a
        # runtime type checker (jaxtyping's import hook with beartype, as gpjax's tests
        # install) rejects the call: the carry's annotations go, the others stay.
        Invalid(
            "from typing import NamedTuple\n"
            "import jax\n"
            "from jax import Array\n"
            "class C(NamedTuple):\n"
            "    a: Array\n"
            "def run(x, k):\n"
            "    def body(i: int, c: C) -> C:\n"
            "        return C(c.a * k[:, i])\n"
            "    return jax.lax.fori_loop(0, 3, body, C(x))\n",
            "from typing import NamedTuple\n"
            "import jax\n"
            "from jax import Array\n"
            "class C(NamedTuple):\n"
            "    a: Array\n"
            "def run(x, k):\n"
            "    def body(i: int, packed):\n"
            "        c, k = packed\n"
            "        return (C(c.a * k[:, i]), k)\n"
            "    carry_out = jax.lax.fori_loop(0, 3, body, (C(x), k))\n"
            "    return carry_out[0]\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # A flat tuple carry: `Tuple[Array, Array]` misses the new slot, so it goes.
        Invalid(
            "from typing import Tuple\n"
            "import jax\n"
            "from jax import Array\n"
            "def run(x, k):\n"
            "    def body(i, carry: Tuple[Array, Array]) -> Tuple[Array, Array]:\n"
            "        a, b = carry\n"
            "        return a * k[:, i], b + k[:, i]\n"
            "    return jax.lax.fori_loop(0, 3, body, (x, x))\n",
            "from typing import Tuple\n"
            "import jax\n"
            "from jax import Array\n"
            "def run(x, k):\n"
            "    def body(i, carry):\n"
            "        a, b, k = carry\n"
            "        return a * k[:, i], b + k[:, i], k\n"
            "    carry_out = jax.lax.fori_loop(0, 3, body, (x, x, k))\n"
            "    return (carry_out[0], carry_out[1])\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # scan: `-> Tuple[Array, Array]` is `(carry, y)`, its carry part now `(c, k)`.
        Invalid(
            "from typing import Tuple\n"
            "import jax\n"
            "from jax import Array\n"
            "def run(x, k, xs):\n"
            "    def step(c: Array, t: Array) -> Tuple[Array, Array]:\n"
            "        return c * k.sum() + t, c\n"
            "    return jax.lax.scan(step, x, xs)\n",
            "from typing import Tuple\n"
            "import jax\n"
            "from jax import Array\n"
            "def run(x, k, xs):\n"
            "    def step(packed, t: Array):\n"
            "        c, k = packed\n"
            "        return (c * k.sum() + t, k), c\n"
            "    carry_out, ys_out = jax.lax.scan(step, (x, k), xs)\n"
            "    return carry_out[0], ys_out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # `Any` holds for any carry: it stays.
        Invalid(
            "from typing import Any\n"
            "import jax\n"
            "def run(x, k, xs):\n"
            "    def step(c: Any, t) -> Any:\n"
            "        return c * k.sum() + t, c\n"
            "    return jax.lax.scan(step, x, xs)\n",
            "from typing import Any\n"
            "import jax\n"
            "def run(x, k, xs):\n"
            "    def step(packed: Any, t) -> Any:\n"
            "        c, k = packed\n"
            "        return (c * k.sum() + t, k), c\n"
            "    carry_out, ys_out = jax.lax.scan(step, (x, k), xs)\n"
            "    return carry_out[0], ys_out\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
        # A Python effect in the body: no rewrite of what it sees (`fixes/effects.py`).
        Invalid("import jax\ndef run(x, k, xs, it):\n    def step(c, t):\n"
                "        return c * k.sum() + t + next(it), c\n"
                "    return jax.lax.scan(step, x, xs)\n", settings={"param_style": "carry"}),
        # The result unpacked while the carry grows: `(a, b, *_), _ = lax.scan(...)`.
        Invalid(
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def run(a, b, k, xs):\n"
            "    def step(carry, x):\n"
            "        a, b = carry\n"
            "        return (a + x * k.sum(), b + a), x\n"
            "\n"
            "    (a, b), _ = lax.scan(step, (a, b), xs)\n"
            "    return a + b\n",
            "import jax\n"
            "from jax import lax\n"
            "\n"
            "\n"
            "def run(a, b, k, xs):\n"
            "    def step(carry, x):\n"
            "        a, b, k = carry\n"
            "        return (a + x * k.sum(), b + a, k), x\n"
            "\n"
            "    (a, b, *_), _ = lax.scan(step, (a, b, k), xs)\n"
            "    return a + b\n",
            unsafe=True, settings={"param_style": "carry"},
        ),
    ]


def _message(rule, step: StepFunction, captured: list[Capture], fix: Fix | str | None
             ) -> tuple[str, Fix | None]:
    """The finding's message and fix: what to thread (and why there is no fix, if none),
    then, in a second sentence, what stays captured and why."""
    movable = [c for c in captured if c.movable]
    label = step.node.name.value if step.is_def else "<lambda>"
    text = rule.MESSAGE.format(step=label, names=", ".join(f"`{c.name}`" for c in movable))
    if len(movable) == 1:
        text = text.replace("thread them", "thread it")
    text, fix = with_fix(text, fix)
    staying = [c for c in captured if not c.movable]
    if staying:
        text += ". Left captured: " + "; ".join(str(c.static_reason) for c in staying)
    return text, fix


def _fix(ctx: RuleContext, site: ScanSite, step: StepFunction, moving: list[Capture]
         ) -> Fix | str | None:
    """The fix, or why there is none."""
    model = ctx.model
    if not step.is_def:
        return "the step is a lambda (SCN001's fix makes it a `def`)"
    if site.init is None:
        return "the call's initial carry is not found"
    binding = step.ref.bindings[0] if len(step.ref.bindings) == 1 else None
    if binding is None or len(model.references(binding)) != 1:
        return "the step function is bound or used more than once"
    if (step.ref.kind != "local_def" or binding.scope is not site.scope
            or not isinstance(step.node.body, cst.IndentedBlock)):
        return "the step is not a `def` block of the calling function"
    refusal = step_refusal(model, step, site)
    if refusal is not None:
        return refusal
    names = [c.name for c in moving]
    used = names_in_use(site.scope)  # new locals of the caller
    layout = carry_layout(model, site, step)
    flat = (layout is not None and layout.is_sequence and layout.access == "unpack"
            and layout.init_at_call)  # a literal to extend at the call
    if flat:
        changes, new_init, rebuild = _flat(step, layout, names, site)
    else:
        nested = _nested(step, names, site)
        if nested is None:
            return "the step's body cannot be rewritten to unpack and pack the carry"
        changes, new_init, rebuild = nested
    new_call = site.call
    if site.callee == "while_loop":
        adapted = _adapt_condition(model, site, flat)
        if adapted is None:
            return "the loop's condition cannot be rewritten"
        new_call = site.call.visit(ReplaceById(adapted[0]))
        changes.update(adapted[1])
    statements = rebuilt_statements(site, call_with_init(site, new_init, new_call), rebuild, used)
    if statements is None:
        return "the loop's result is used in a way the fix cannot rebuild"
    new_def = step.node.visit(ReplaceById(changes))
    return statement_fix(ctx.text, model.module, model.range_of,
                         [(step.node, [new_def]), (site.statement, statements)],
                         "Thread " + ", ".join(f"`{n}`" for n in names) + " through the carry",
                         "unsafe", model.index, ctx.settings.line_length)


def _names(names: list[str]) -> list[cst.Name]:
    return [cst.Name(n) for n in names]


def _flat(step: StepFunction, layout: CarryLayout, names: list[str], site: ScanSite):
    """`s, t = carry` -> `s, t, a, dt = carry`; returns and init gain the same names."""
    unpack = layout.unpack
    assert unpack is not None
    target = unpack.targets[0].target
    changes: dict = {id(unpack): unpack.with_changes(targets=[unpack.targets[0].with_changes(
        target=with_elements(target, [*(e.value for e in target.elements), *_names(names)]))])}
    # `carry: Tuple[A, B]` and `-> Tuple[A, B]` miss the new slots: dropped (a runtime type
    # checker would reject the longer carry); `Any` and a bare `tuple` stay.
    changes.update(param_changes(step.carry_param, lambda a: threaded_annotation(a, True)))
    changes.update(returns_changes(step, lambda a: threaded_annotation(a, True)))
    for ret in layout.returns:
        changes[id(returned_carry(step, ret.value))] = lambda updated: with_elements(
            updated, [*(e.value for e in updated.elements), *_names(names)])
    new_init = with_elements(site.init, [*layout.init_elements, *_names(names)])

    def rebuild(carry_out):
        return sequence(layout.container, [index(carry_out, i) for i in range(layout.size)])

    return changes, new_init, rebuild


def _nested(step: StepFunction, names: list[str], site: ScanSite):
    """The carry becomes `(carry, a, dt)`: the body unpacks it first and returns it packed."""
    function = step.node
    assert isinstance(function, cst.FunctionDef)
    body_names = names_in_use(step.scope) | set(names)  # new locals of the body
    packed = fresh_name("packed", body_names)
    unpack = cst.SimpleStatementLine([cst.Assign(
        [cst.AssignTarget(cst.Tuple([cst.Element(cst.Name(step.carry_name)),
                                     *(cst.Element(n) for n in _names(names))], lpar=[], rpar=[]))],
        cst.Name(packed))])
    # `packed` is `(carry, a, dt)`: the carry's annotation (`c: C`, `-> C`) no longer holds
    param = step.carry_param.with_changes(name=cst.Name(packed))
    changes: dict = {id(step.carry_param): param_changes(param, lambda a: threaded_annotation(
        a, False)).get(id(param), param)}
    changes.update(returns_changes(step, lambda a: threaded_annotation(a, False)))
    first = _first_statement(function)
    if first is None:
        return None
    lines = _return_lines(function)
    for ret in returns_of(function):
        replaced = _packed_return(step, ret, lines.get(id(ret)), names, body_names)
        if replaced is None:
            return None
        changes.update(replaced)
    then = changes.get(id(first))  # the first statement may itself be a split return

    def with_unpacking(updated):
        rest = then(updated) if then else updated
        return [unpack, *(rest if isinstance(rest, list) else [rest])]

    changes[id(first)] = with_unpacking
    new_init = cst.Tuple([cst.Element(site.init), *(cst.Element(n) for n in _names(names))])
    return changes, new_init, lambda carry_out: index(carry_out, 0)


def _first_statement(function: cst.FunctionDef) -> cst.CSTNode | None:
    """The first statement after the docstring (the new unpacking goes before it)."""
    for statement in function.body.body:
        if (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
                and isinstance(statement.body[0], cst.Expr)
                and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))):
            continue
        return statement
    return None


def _return_lines(function: cst.FunctionDef) -> dict[int, cst.SimpleStatementLine]:
    lines: dict[int, cst.SimpleStatementLine] = {}

    class Finder(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            if len(node.body) == 1 and isinstance(node.body[0], cst.Return):
                lines[id(node.body[0])] = node

    walk.visit(function.body, Finder())
    return lines


def _packed_return(step: StepFunction, ret: cst.Return, line, names: list[str], used: set[str]):
    extra = [cst.Element(n) for n in _names(names)]
    value = ret.value
    if value is None:
        return None
    if not step.returns_pair:
        if line is not None and _hanging_over_lines(value):  # bound first, as below
            carry = fresh_name("carry", used)
            bound = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(carry))],
                                                        value)], leading_lines=line.leading_lines)
            packed = line.with_changes(leading_lines=[], body=[ret.with_changes(
                value=cst.Tuple([cst.Element(cst.Name(carry)), *extra]))])
            return {id(line): lambda updated: [bound, packed]}
        return {id(value): lambda updated: cst.Tuple([cst.Element(_parenthesized(updated)),
                                                      *extra])}
    if isinstance(value, cst.Tuple) and len(value.elements) == 2 and all(
            isinstance(e, cst.Element) for e in value.elements) and not (
            line is not None and _hanging_over_lines(value.elements[0].value, value)):
        carry = value.elements[0].value
        return {id(carry): lambda updated: cst.Tuple([cst.Element(updated), *extra])}
    if line is None:
        return None  # a return we cannot split into statements (e.g. `if x: return f()`)
    carry_out, ys_out = fresh_name("carry_out", used), fresh_name("ys_out", used)
    split = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Tuple(
        [cst.Element(cst.Name(carry_out)), cst.Element(cst.Name(ys_out))], lpar=[], rpar=[]))],
        value)], leading_lines=line.leading_lines)
    packed_return = line.with_changes(leading_lines=[], body=[ret.with_changes(value=cst.Tuple([
        cst.Element(cst.Tuple([cst.Element(cst.Name(carry_out)), *extra])),
        cst.Element(cst.Name(ys_out))], lpar=[], rpar=[]))])
    return {id(line): lambda updated: [split, packed_return]}


def _hanging_over_lines(carry: cst.BaseExpression, value: cst.BaseExpression | None = None
                        ) -> bool:
    """`return (\n    a\n    + b,\n    ys)` or `return f(\n    a,\n)`: a returned value
    whose carry spans lines, written with its items below an opening bracket. Packed in
    place, `((a\n + b, k), ys)` would move the carry's first line and not the others
    (pycodestyle's E128); bound first (`carry_out, ys_out = (...)`, `carry = f(...)`), the
    value keeps its lines."""
    code = cst.Module([]).code_for_node
    first = code(value or carry).split("\n", 1)[0].rstrip()
    return "\n" in code(carry) and first.endswith(("(", "["))


def _parenthesized(value: cst.BaseExpression) -> cst.BaseExpression:
    """A tuple written without parentheses (`return a, b`) gets them, so that nesting it
    in the packed carry keeps it one slot instead of spreading its elements."""
    if isinstance(value, cst.Tuple) and not value.lpar:
        return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return value


def _adapt_condition(model, site: ScanSite, flat: bool):
    """Changes that let while_loop's condition read the new carry: (inside the call, outside)."""
    cond = step_function(model, site, "cond_fun")
    if cond is None:
        return None
    if flat:
        # Flat: old slots keep their positions, so a condition that only indexes the carry
        # reads the same values; one that unpacks it would fail on the longer carry.
        return ({}, {}) if only_indexed(cond) else None
    if cond.ref.kind == "inline_lambda":
        packed = fresh_name("packed", names_in_use(cond.scope))  # the lambda's own scope
        changes = rename_loads(model, cond.scope, cond.carry_name,
                               index(cst.Name(packed), 0), cond.carry_param)
        changes[id(cond.carry_param)] = cond.carry_param.with_changes(name=cst.Name(packed))
        return changes, {}
    return None
