from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic import walk
from scanlint.semantic.abstract_eval import Context, Returned, body_returns, step_params, value_of
from scanlint.semantic.avals import NONE, Aval, Container, Value
from scanlint.semantic.carry import StepFunction, literal_elements, resolve_init, step_function
from scanlint.semantic.model import ScanSite

_JAX = "import jax\nimport jax.numpy as jnp\n"


class CarryStructureMismatch(Rule):
    """
    ## What it does
    Compares the init's structure with the carry each `return` of the body builds, down
    through nested containers: a different number of slots, a tuple against a list,
    different dict keys, a list inside a dict that loses an element, a `None` init against a
    body that returns a value. It also finds a body that unpacks the carry into k names
    (`level, trend = carry`) while the init visibly is not k things: a tuple of another
    length, `None`, a scalar, an array whose leading axis is not k.

    The init is followed when the call passes a name bound to it once, and when it is a
    parameter of the enclosing function, to the value every call of that function in the
    file passes (`integrate([p0, v0], fs)`; only when the function is used by calling it,
    and all the calls agree). NamedTuple (and pytree dataclass) instances of the file's
    classes are records: `Particle(x0, v0)` in, a plain tuple out differs. Returned names
    bound once in the body are followed too (`new = (s, t); return new, s`), and so are calls
    of the file's functions (`return pack(m, v, n), m`: what `pack` returns). The body may be
    a method of the enclosing class (`self.step`, a `staticmethod` as `Class.step`); its
    `x` is an element of `xs` when the code shows `xs`. Only what the code shows is compared:
    a container the code builds against another, or against a value that can only be an
    array.

    ## Why is this bad?
    JAX requires the carry to keep its pytree structure across iterations and fails at trace
    time, often deep in a stack trace: "scan body function carry input and carry output must
    have the same pytree structure" (jax 0.10 runs `fori_loop` as a scan and raises the same
    message; `None` is an empty pytree). Unpacking fails at once, in the body: "iteration over
    a 0-d array", "too many values to unpack". A test runs the invalid cases below under JAX
    to keep this true.

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
    UNPACK = "The body unpacks the carry into {count} names, but the init is {init}"
    JAX_ERROR = "carry input and carry output must have the same pytree structure"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site, methods=True)
            init = resolve_init(ctx.model, site)
            if step is None or step.carry_param is None or init is None:
                continue
            start = value_of(init.expr, Context(ctx.model, init.scope, {}, set()))
            if start is None:
                continue
            found = list(self._unpackings(ctx, site, start))  # fails first, in the body
            yield from found or self._changes(ctx, site, step, start)

    def _changes(self, ctx: RuleContext, site: ScanSite, step: StepFunction,
                 start: Value) -> Iterator[Diagnostic]:
        params = step_params(ctx.model, site, step, start)
        for returned in body_returns(ctx.model, step, params):
            out = _carry_out(step, value_of(returned.value, returned.ctx))
            if start is NONE and out is None and _a_value(_carry_expr(step, returned)):
                out = Aval(None)  # `None` in, something that cannot be `None` out
            difference = structure_difference(start, out, step.carry_name)
            if difference is None:
                continue
            path, before, after = difference
            message = self.MESSAGE.format(init=before, out=after)
            if path != step.carry_name:
                message = f"Carry `{path}` changes structure: it starts as {before}, the " \
                          f"body returns {after}"
            if step.is_def:
                yield ctx.diagnostic(self, returned.where, message)
            else:
                yield ctx.diagnostic(self, site.call, message, statement=site.statement)

    def _unpackings(self, ctx: RuleContext, site: ScanSite, start: Value) -> Iterator[Diagnostic]:
        """`a, b = carry` in the body (or a while loop's condition) against an init that
        cannot give that many values."""
        for role in ("body_fun", "cond_fun") if site.callee == "while_loop" else (None,):
            step = step_function(ctx.model, site, role, methods=True)
            if step is None or step.carry_param is None:
                continue
            for statement, count in _unpacks(step):
                what = _not_unpackable(start, count)
                if what is not None:
                    yield ctx.diagnostic(self, statement, self.UNPACK.format(count=count,
                                                                             init=what))
                    return

    VALID = [
        _JAX + "def step(c, x):\n    s, t = c\n    return (s + x, t + 1), s\n"
        "out = jax.lax.scan(step, (0.0, 0), jnp.ones(3))\n",
        # Not literal on one side: not compared.
        "import jax\ndef step(c, x):\n    return advance(c), x\n"
        "out = jax.lax.scan(step, (0.0, 0), None, length=3)\n",
        # A dict carry rebuilt with its keys in another order keeps its structure.
        _JAX + "def step(c, x):\n    new = {'n': c['n'] + 1, 'hist': [c['hist'][1], x]}\n"
        "    return new, x\n"
        "out = jax.lax.scan(step, {'hist': [0.0, 0.0], 'n': 0}, jnp.ones(3))\n",
        # A helper defined inside the body returns something else: its returns are not the
        # body's (jax.random's gamma sampler has this shape).
        _JAX + "def body(state):\n    def inner(kxv):\n        return kxv[0], kxv[1]\n"
        "    key, x, v, u = state\n    return (key, x + 1, v, u)\n"
        "out = jax.lax.while_loop(lambda s: s[1] < 3, body, (0, 0, 0.0, 0.0))\n",
        # `None` in, `None` out.
        _JAX + "out = jax.lax.scan(lambda c, x: (None, x * 2), None, jnp.ones(3))\n",
        # Unpacking a two-slot init, and a length-2 array.
        _JAX + "def step(c, x):\n    level, trend = c\n    return (level + trend, trend), level\n"
        "init = (1.0, 0.5)\nout = jax.lax.scan(step, init, jnp.ones(3))\n",
        _JAX + "def step(c, x):\n    a, b = c\n    return c * 2, a\n"
        "out = jax.lax.scan(step, jnp.ones(2), jnp.ones(3))\n",
        # The init comes from the callers, who agree with the body; a NamedTuple rebuilt
        # as itself (`_replace`, the class); a helper building the same tuple; a method.
        _JAX + "def run(state0, xs):\n    def step(c, x):\n        s, t = c\n"
        "        return (s + x, t + 1), s\n    return jax.lax.scan(step, state0, xs)\n"
        "a = run((0.0, 0), jnp.ones(3))\nb = run((1.0, 2), jnp.ones(2))\n",
        "from typing import NamedTuple\n" + _JAX +
        "class P(NamedTuple):\n    x: jax.Array\n    v: jax.Array\n"
        "def fly(x0, v0):\n    def step(p, _):\n"
        "        return p._replace(x=p.x + p.v), p.x\n"
        "    out = jax.lax.scan(step, P(x0, v0), None, length=2)\n"
        "    return jax.lax.fori_loop(0, 2, lambda i, p: P(p.x * 2, p.v), out[0])\n"
        "out = fly(jnp.zeros(2), jnp.ones(2))\n",
        _JAX + "def pack(a, b):\n    return a, b\n"
        "def step(c, x):\n    s, t = c\n    return pack(s + x, t), s\n"
        "out = jax.lax.scan(step, (0.0, 1.0), jnp.ones(3))\n",
        _JAX + "class Smoother:\n    def __init__(self, gain):\n        self.gain = gain\n"
        "    def step(self, est, z):\n        return est + self.gain * (z - est), est\n"
        "    def run(self, zs):\n        return jax.lax.scan(self.step, jnp.float32(0.0), zs)\n"
        "out = Smoother(0.3).run(jnp.ones(4))\n",
        # The name is bound twice: its structure at the call is not followed.
        _JAX + "def run(flag, xs):\n    init = (0.0, 0)\n    if flag:\n        init = (0.0,)\n"
        "    return jax.lax.scan(lambda c, x: ((c[0] + x, c[1]), x), init, xs)\n",
    ]

    INVALID = [
        Invalid(_JAX + "def step(c, x):\n    a, b = c\n    return (a + x, b, 1.0), a\n"
                "out = jax.lax.scan(step, (0.0, 1.0), jnp.ones(3))\n"),
        Invalid(_JAX + "def step(c, x):\n    return [c[0] + x, c[1]], c[0]\n"
                "out = jax.lax.scan(step, (0.0, 1.0), jnp.ones(3))\n"),
        Invalid(_JAX + "out = jax.lax.scan(lambda c, x: ({'a': c['a'] + x}, x), "
                "{'a': 0.0, 'b': 1.0}, jnp.ones(3))\n"),
        Invalid("import jax\n"
                "def body(i, v):\n    return (v[0] + i,)\n"
                "out = jax.lax.fori_loop(0, 3, body, (0, 1))\n"),
        # A list inside a dict carry loses an element; the init is bound to a name first.
        Invalid(_JAX + "def step(state, x):\n    hist = state['hist']\n"
                "    return {'hist': [hist[1], x], 'n': state['n'] + 1}, x\n"
                "def run(xs):\n    state = {'hist': [0.0, 0.0, 0.0], 'n': 0}\n"
                "    return jax.lax.scan(step, state, xs)\nout = run(jnp.ones(3))\n"),
        # `None` as the init against a body that returns a value.
        Invalid(_JAX + "def step(c, x):\n    total = x * 2\n    return total, x\n"
                "out = jax.lax.scan(step, None, jnp.ones(3))\n"),
        # The body unpacks two names from a scalar init.
        Invalid(_JAX + "def step(s, x):\n    level, trend = s\n"
                "    return (level + x, trend), level\n"
                "series = jnp.array([4.0, 5.0, 6.0])\n"
                "out = jax.lax.scan(step, series[0], series)\n",
                jax_error="iteration over a 0-d array"),
        # The init is a list the only caller passes; the body returns a tuple.
        Invalid(_JAX + "def integrate(state0, forces):\n    def step(state, f):\n"
                "        pos, vel = state\n        return (pos + vel, vel + f), pos\n"
                "    return jax.lax.scan(step, state0, forces)\n"
                "traj = integrate([jnp.zeros(2), jnp.zeros(2)], jnp.ones((4, 2)))\n"),
        # A NamedTuple init, a tuple returned by a fori_loop body.
        Invalid("from typing import NamedTuple\n" + _JAX +
                "class State(NamedTuple):\n    x: jax.Array\n    n: jax.Array\n"
                "def body(i, s):\n    return s.x * 0.5, s.n + 1\n"
                "out = jax.lax.fori_loop(0, 3, body, State(jnp.ones(2), jnp.int32(0)))\n"),
        # The new carry comes from a helper defined in the function, with one slot more.
        Invalid(_JAX + "def stats(xs):\n    def pack(mean, count):\n"
                "        return mean, count, mean * count\n"
                "    def step(acc, x):\n        mean, count = acc\n"
                "        return pack(mean + x, count + 1.0), mean\n"
                "    return jax.lax.scan(step, (0.0, 0.0), xs)\nout = stats(jnp.ones(3))\n"),
        # A method body (a staticmethod through its class) wraps the carry in a list.
        Invalid(_JAX + "class Filter:\n    @staticmethod\n    def step(est, z):\n"
                "        return [est + 0.5 * (z - est)], est\n"
                "def run(zs):\n    return jax.lax.scan(Filter.step, jnp.float32(0.0), zs)\n"
                "out = run(jnp.ones(3))\n"),
        # A `None` slot comes back as the element of an xs the caller passes.
        Invalid(_JAX + "def track(xs):\n    def step(carry, x):\n        best, last = carry\n"
                "        return (jnp.maximum(best, x), x), best\n"
                "    return jax.lax.scan(step, (jnp.float32(-1e9), None), xs)\n"
                "out = track(jnp.arange(3.0))\n"),
        # ... and three names from a two-slot tuple bound to a name.
        Invalid(_JAX + "def body(i, state):\n    x, v, t = state\n    return (x + v, v, t)\n"
                "init_val = (0.0, 1.0)\nout = jax.lax.fori_loop(0, 3, body, init_val)\n",
                jax_error="not enough values to unpack"),
    ]


def _carry_out(step: StepFunction, value: Value) -> Value:
    """The carry part of what the body returns (`(carry, y)` for scan)."""
    if step.returns_pair is None:
        return None
    if not step.returns_pair:
        return value
    if isinstance(value, Container) and value.kind == "tuple" and len(value.items) == 2:
        return value.items[0]
    return None


def _carry_expr(step: StepFunction, returned: Returned) -> cst.BaseExpression | None:
    """The returned carry's expression, through a name bound to it in the body."""
    value = returned.value
    if step.returns_pair:
        pair = literal_elements(value)
        value = pair[1][0] if pair is not None and len(pair[1]) == 2 else None
    for _ in range(3):
        if isinstance(value, cst.Name) and value.value in returned.ctx.exprs:
            value = returned.ctx.exprs[value.value]
    return value


# Expressions that always evaluate to a value other than `None`.
VALUES = (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.Integer, cst.Float,
          cst.Imaginary, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString,
          cst.Tuple, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.SetComp, cst.DictComp)


def _a_value(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, VALUES)


def describe(value: Value) -> str:
    if value is NONE:
        return "`None`"
    if isinstance(value, Aval):
        return f"a single value ({value.describe()})" if value.kind else "a value"
    assert isinstance(value, Container)
    if value.kind == "dict":
        return "a dict with keys " + ", ".join(repr(k) for k in sorted(value.keys or ()))
    if value.kind == "record":
        return f"a `{value.name}`"
    return f"a {value.kind} of {len(value.items)}"


def structure_difference(start: Value, out: Value, path: str) -> tuple[str, str, str] | None:
    """(where, the init's structure, the returned one) at the first visible difference."""
    if start is None or out is None:
        return None
    if isinstance(start, Aval) and isinstance(out, Aval):
        return None
    if not (isinstance(start, Container) and isinstance(out, Container)) or (
            start.kind != out.kind or len(start.items) != len(out.items)
            or start.name != out.name or sorted(start.keys or ()) != sorted(out.keys or ())):
        return path, describe(start), describe(out)
    if start.kind == "dict":
        pairs = [(f"{path}[{key!r}]", item, out.items[out.keys.index(key)])  # type: ignore
                 for key, item in zip(start.keys, start.items)]  # type: ignore[arg-type]
    elif start.kind == "record":
        pairs = [(f"{path}.{key}", item, after)
                 for key, item, after in zip(start.keys, start.items, out.items)]  # type: ignore
    else:
        pairs = [(f"{path}[{n}]", item, after)
                 for n, (item, after) in enumerate(zip(start.items, out.items))]
    for inner, before, after in pairs:
        found = structure_difference(before, after, inner)
        if found is not None:
            return found
    return None


def _unpacks(step: StepFunction) -> list[tuple[cst.Assign, int]]:
    """`a, b = carry` statements of the body and their number of names (no starred names),
    when the carry parameter is never rebound."""
    bindings = step.scope.bindings.get(step.carry_name, [])
    if len(bindings) != 1 or isinstance(step.node, cst.Lambda):
        return []
    found: list[tuple[cst.Assign, int]] = []

    class Unpacks(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is step.node

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            if len(node.targets) != 1 or not (isinstance(node.value, cst.Name)
                                              and node.value.value == step.carry_name):
                return
            names = literal_elements(node.targets[0].target)
            if names is not None:
                found.append((node, len(names[1])))

    walk.visit(step.node, Unpacks())
    return found


def _not_unpackable(start: Value, count: int) -> str | None:
    """How the init visibly fails to give ``count`` values when unpacked, else None."""
    if start is NONE:
        return "`None`"
    if isinstance(start, Container) and len(start.items) != count:
        return describe(start)
    if isinstance(start, Aval) and start.shape is not None and (
            not start.shape or start.shape[0] != count):
        return f"a single array ({start.describe()})"
    return None

