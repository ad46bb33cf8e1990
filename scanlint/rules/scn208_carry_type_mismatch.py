from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import libcst as cst

from scanlint.carry import CARRY_POSITION, StepFunction, resolve_init, step_function
from scanlint.carry_types import (Aval, Container, Context, Value, body_returns, dtype_differs,
                                  param_names, shape_differs, value_of, xs_element)
from scanlint.diagnostic import Diagnostic
from scanlint.model import FileModel, ScanSite
from scanlint.rules import Invalid, Rule, RuleContext

_JNP = "import jax\nimport jax.numpy as jnp\n"


class CarryTypeMismatch(Rule):
    """
    ## What it does
    Compares, slot by slot, the dtype and shape the init visibly has with those of the carry
    each `return` of the body builds: an int carry made float (`c / 2`, `c + 0.5`,
    `jnp.sqrt(c)`), a `float16` carry mixed with a `float32` array, an `.astype(...)` to
    another dtype, a carry grown by `jnp.append`, `jnp.concatenate` or `jnp.stack`, a shape
    changed by broadcasting (a scalar init, an array returned). The init is followed when the
    call passes a name bound to it once.

    Only what the code shows counts: literals, array makers with literal shapes and dtypes,
    `.astype`, arithmetic on known values, names bound once to them; anything else is unknown
    and never reported. A Python scalar init (`0`, `0.0`, `jnp.array(0)`) is weakly typed and
    JAX promotes it to the body's dtype, so only its shape, or a lower kind (`0.0` in, an int
    out), is a mismatch. Defaults (`jnp.zeros(3)` is float32, or float64 with
    `jax_enable_x64`) are compared only where no setting could make them match (`float16`).

    ## Why is this bad?
    JAX requires the carry to keep one dtype and shape and fails at trace time: "scan body
    function carry input and carry output must have equal types" (`while_loop body
    function ...` for `while_loop` and a `fori_loop` with traced bounds). A carry cannot grow:
    preallocate it and write into it with `.at[i].set(...)`, or return the per-step values as
    the scan's `ys`. A test runs the invalid cases below under JAX to keep this true.

    ## Example
    ```python
    def step(count, x):
        return count / 2 + x, count          # int32 in, float32 out
    jax.lax.scan(step, jnp.zeros(3, jnp.int32), xs)
    ```

    ## Use instead
    ```python
    jax.lax.scan(step, jnp.zeros(3, jnp.float32), xs)
    ```
    """

    CODE = "SCN208"
    NAME = "carry-type-mismatch"
    MESSAGE = "Carry `{path}` starts as {start} but the body returns {out}"
    GROWN = ("The body grows carry `{path}` ({start}) with `jnp.{how}` at every step; "
             "its shape must stay the same")
    JAX_ERROR = "carry input and carry output must have equal types"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site)
            if step is None or step.carry_param is None:
                continue
            found = _first_change(ctx.model, site, step)
            if found is None:
                continue
            where, message = found
            if step.is_def:
                yield ctx.diagnostic(self, where, message)
            else:
                yield ctx.diagnostic(self, site.call, message, statement=site.statement)

    VALID = [
        # A Python scalar init is weakly typed: JAX promotes it to the body's float.
        _JNP + "out = jax.lax.scan(lambda c, x: (c + x, c), 0, jnp.ones(3))\n",
        _JNP + "out = jax.lax.scan(lambda c, x: (c + x, c), jnp.array(0), jnp.ones(3))\n",
        # A Python float keeps a float16 carry float16; `//` and `+ 1` keep an int carry int.
        _JNP + "def step(c, x):\n    return c * 0.5, c\n"
        "out = jax.lax.scan(step, jnp.zeros(2, jnp.float16), jnp.ones(3))\n",
        _JNP + "def body(i, c):\n    c = c // 2\n    return c + 1\n"
        "out = jax.lax.fori_loop(0, 3, body, jnp.zeros(2, jnp.int32))\n",
        # A rolling buffer keeps its shape; `.at[...].set` keeps the carry's dtype.
        _JNP + "def step(buf, x):\n    buf = jnp.concatenate([buf[1:], x[None]])\n"
        "    return buf, buf[0]\nout = jax.lax.scan(step, jnp.zeros(4), jnp.ones(5))\n",
        _JNP + "def body(i, c):\n    return c.at[i].set(1)\n"
        "out = jax.lax.fori_loop(0, 3, body, jnp.zeros(3, jnp.int32))\n",
        # What a call returns is not known: nothing is reported.
        _JNP + "def step(c, x):\n    return jnp.int32(0) + advance(c, x), c\n"
        "def advance(c, x):\n    return c + x\n"
        "out = jax.lax.scan(step, jnp.zeros(2, jnp.int32), jnp.ones(3, jnp.int32))\n",
        # A count of True values (an int) added to an int carry.
        _JNP + "def step(c, x):\n    return c + jnp.sum(x > 0), c\n"
        "out = jax.lax.scan(step, jnp.zeros((), jnp.int32), jnp.ones((3, 2)))\n",
        # A helper defined inside the body returns a float: not the body's return.
        _JNP + "def body(i, c):\n    def halved():\n        return c * 0.5\n"
        "    return c + 1\nout = jax.lax.fori_loop(0, 3, body, jnp.zeros(2, jnp.int32))\n",
        # An unsigned carry plus a Python int stays unsigned.
        _JNP + "out = jax.lax.scan(lambda c, x: (c + 1, c), jnp.zeros((), jnp.uint8), "
        "jnp.ones(3))\n",
    ]

    INVALID = [
        Invalid(_JNP + "def step(count, x):\n    return count / 2 + x, count\n"
                "out = jax.lax.scan(step, jnp.zeros(3, jnp.int32), jnp.ones(4))\n"),
        # An int literal array is int32; `+ 0.5` makes it float.
        Invalid(_JNP + "def body(i, c):\n    return c + 0.5\n"
                "out = jax.lax.fori_loop(0, 3, body, jnp.array([1, 2, 3]))\n"),
        # float16 plus a float32 array is float32.
        Invalid(_JNP + "def step(c, x):\n    c = c + jnp.ones(3)\n    return c, x\n"
                "out = jax.lax.scan(step, jnp.zeros(3, jnp.float16), jnp.ones(2))\n"),
        # An explicit cast in a while loop.
        Invalid("from jax import lax\nimport numpy as np\n"
                "out = lax.while_loop(lambda u: u < 5, lambda u: u.astype(np.float16), "
                "np.float32(1.0))\n"),
        # A carry grown at every step.
        Invalid(_JNP + "def step(history, x):\n    history = jnp.append(history, x)\n"
                "    return history, x\n"
                "out = jax.lax.scan(step, jnp.zeros(1), jnp.ones(3))\n"),
        # A slot of a tuple init bound to a name first.
        Invalid(_JNP + "def run(xs):\n    def step(c, x):\n        s, n = c\n"
                "        return (s + x, n / 2), s\n"
                "    state = (jnp.zeros(()), jnp.int32(8))\n"
                "    return jax.lax.scan(step, state, xs)\n"
                "out = run(jnp.ones(3))\n"),
        # A Python 0 grown to a vector by broadcasting (a fori_loop over a tuple).
        Invalid(_JNP + "def run():\n    table = jnp.ones((4, 4))\n"
                "    def body(i, ab):\n        a, b = ab\n"
                "        return (a - b[i] * b[i + 1], b)\n"
                "    return jax.lax.fori_loop(0, 3, body, (0, table))\n"
                "out = run()\n"),
        # A dict slot.
        Invalid(_JNP + "out = jax.lax.scan(lambda c, x: ({'n': c['n'] + 1.5}, x), "
                "{'n': jnp.zeros((), jnp.int32)}, jnp.ones(2))\n"),
    ]


def _first_change(model: FileModel, site: ScanSite,
                  step: StepFunction) -> tuple[cst.CSTNode, str] | None:
    """(where, message) of the first return whose carry visibly changes type."""
    init = resolve_init(model, site)
    if init is None:
        return None
    start = _labelled(value_of(init.expr, Context(model, init.scope, {}, set())),
                      step.carry_name)
    if start is None:
        return None
    for returned in body_returns(model, step, _params(model, site, step, start)):
        out = value_of(returned.value, returned.ctx)
        if site.callee == "scan":
            out = out.items[0] if isinstance(out, Container) and out.kind == "tuple" and len(
                out.items) == 2 else None
        message = _change(start, out, step.carry_name)
        if message is not None:
            return returned.where, message
    return None


def _labelled(value: Value, path: str) -> Value:
    """``value`` with each leaf's origin set to its path in the carry (`c`, `c[0]`, `c['k']`)."""
    if isinstance(value, Aval):
        return replace(value, origin=path, grown=None, grown_by=None)
    if isinstance(value, Container) and value.kind in ("tuple", "list", "dict"):
        keys = value.keys or range(len(value.items))
        return Container(value.kind, tuple(_labelled(item, f"{path}[{key!r}]")
                                           for key, item in zip(keys, value.items)), value.keys)
    return value


def _params(model: FileModel, site: ScanSite, step: StepFunction, start: Value) -> dict:
    """The values of the body's parameters: the carry, and scan's `x` or fori's index."""
    names = param_names(step.node)
    params = {step.carry_name: start}
    position = CARRY_POSITION.get((site.callee, step.ref.role))
    if site.callee == "scan" and len(names) > 1 and position == 0:
        xs = value_of(site.args.get("xs"), Context(model, site.scope, {}, set()))
        params[names[1]] = xs_element(xs)
    if site.callee == "fori_loop" and names:
        literal = all(isinstance(site.args.get(k), cst.Integer) for k in ("lower", "upper"))
        params[names[0]] = Aval("int", "int32", True, True if literal else None, ())
    return params


def _change(start: Value, out: Value, path: str) -> str | None:
    if isinstance(start, Container) and isinstance(out, Container):
        if start.kind != out.kind or start.keys != out.keys or len(start.items) != len(out.items):
            return None  # a structure change: SCN201's
        for before, after in zip(start.items, out.items):
            found = _change(before, after, getattr(before, "origin", None) or path)
            if found is not None:
                return found
        return None
    if not (isinstance(start, Aval) and isinstance(out, Aval)):
        return None
    label = start.origin or path
    if out.grown is not None and out.grown == start.origin:
        return CarryTypeMismatch.GROWN.format(path=label, start=start.describe(),
                                              how=out.grown_by)
    if dtype_differs(start, out) or shape_differs(start, out):
        return CarryTypeMismatch.MESSAGE.format(path=label, start=start.describe(),
                                                out=out.describe())
    return None
