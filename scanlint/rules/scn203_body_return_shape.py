from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.abstract_eval import body_returns
from scanlint.semantic.captures import NOT_A_TUPLE, falls_off_end
from scanlint.semantic.carry import file_function, returns_of, step_function, transparent
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Scope


class BodyReturnShape(Rule):
    """
    ## What it does
    Finds `scan` bodies that do not return a pair `(carry, y)` on every path: a bare
    `return`, a def that can fall off its end, a tuple of another length, or an expression
    that can never be a tuple (`return c + x`, a common slip: returning only the carry). A
    returned name is followed to what straight-line code last assigned it (`level = level *
    0.5` then `return level`). What the code does not show is not a finding: a repeated
    tuple counts by its length (`(h,) * 2` is a pair), and `tuple(...)`, an operation on a
    tuple or a call's result may be a pair. Flax NNX's `nnx.scan` bodies are checked when its
    `out_axes` say they return `(carry, y)` (the default); with `out_axes=nnx.Carry` they
    return the carry alone.

    ## Why is this bad?
    JAX fails at trace time: "scan body output must be a pair". `fori_loop` and `while_loop`
    bodies return the carry alone and are not checked.

    ## Example
    ```python
    def step(c, x):
        return c + x
    ```

    ## Use instead
    ```python
    def step(c, x):
        c = c + x
        return c, c        # or `return c, None` when no per-step output is needed
    ```
    """

    CODE = "SCN203"
    NAME = "body-return-shape"
    MESSAGE = "A `scan` body must return a pair `(carry, y)`; this returns {what}"
    JAX_ERROR = "scan body output must be a pair"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            if site.callee != "scan":
                continue
            step = step_function(ctx.model, site, methods=True)
            if step is None or step.returns_pair is not True:
                continue
            for returned in body_returns(ctx.model, step, {}):
                where, value = returned.where, returned.value
                value = _through_names(value, returned.ctx.exprs)
                what = _not_a_pair(value) or _helper_not_a_pair(ctx.model, step.scope, value)
                if what is None:
                    continue
                if step.is_def:
                    yield ctx.diagnostic(self, where, self.MESSAGE.format(what=what))
                else:
                    yield ctx.diagnostic(self, site.call, self.MESSAGE.format(what=what),
                                         statement=site.statement)
            if step.is_def and falls_off_end(step.node):
                yield ctx.diagnostic(self, step.node.name, self.MESSAGE.format(
                    what="`None` when it runs off its end"), statement=step.node)

    VALID = [
        "import jax\ndef step(c, x):\n    return c * 2, c\nout = jax.lax.scan(step, 1.0, None, length=2)\n",
        # A helper defined inside the body returns a single value: not the body's return.
        "import jax\ndef step(c, x):\n    def half(v):\n        return v * 0.5\n"
        "    return half(c), c\nout = jax.lax.scan(step, 1.0, None, length=2)\n",
        # A name bound to a pair, or bound in a branch (not followed).
        "import jax\ndef step(c, x):\n    out = (c * 2, c)\n    return out\n"
        "out = jax.lax.scan(step, 1.0, None, length=2)\n",
        "import jax\ndef step(c, x):\n    out = c * 2\n    if x is None:\n        out = (c, c)\n"
        "    return out\nout = jax.lax.scan(step, 0.0, None, length=2)\n",
        "import jax\ndef step(c, x):\n    return advance(c, x)\nout = jax.lax.scan(step, 0.0, None, length=2)\n",
        "import jax\ndef body(i, v):\n    return v + i\nout = jax.lax.fori_loop(0, 3, body, 0)\n",
        # A helper of the file that returns a pair, or may (one of its returns is unknown).
        "import jax\ndef advance(c, x):\n    return c * 2, c\n"
        "def step(c, x):\n    return advance(c, x)\nout = jax.lax.scan(step, 1.0, None, length=2)\n",
        "import jax\ndef advance(c, x):\n    if x is not None:\n        return c * 2\n"
        "    return step_fn(c)\n"
        "def step(c, x):\n    return advance(c, x)\nout = jax.lax.scan(step, 1.0, None, length=2)\n",
        # A pair written as a repeated tuple, a `tuple(...)`, a tuple joined to another.
        "import jax\nimport jax.numpy as jnp\n"
        "def cell(h, x):\n    return (jnp.tanh(h + x),) * 2\n"
        "def twice(h, x):\n    return tuple([h + x, h])\n"
        "def joined(h, x):\n    return (h + x,) + (h,)\n"
        "outs = [jax.lax.scan(f, jnp.zeros(2), jnp.ones((3, 2))) for f in (cell, twice, joined)]\n",
        # NNX's scan with `out_axes=nnx.Carry`: the body returns the carry alone.
        "import jax.numpy as jnp\nfrom flax import nnx\n"
        "@nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)\n"
        "def total(c, x):\n    return c + x\nout = total(jnp.zeros(3), jnp.ones((4, 3)))\n",
    ]

    INVALID = [
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "out = jax.lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))\n"),
        # A name bound to a single value, returned alone.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(level, x):\n    level = level * 0.5 + x\n    return level\n"
                "out = jax.lax.scan(step, 1.0, jnp.ones(3))\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(c, x):\n    return c + x, c, x\n"
                "out = jax.lax.scan(step, 0.0, jnp.ones(3))\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(c, x):\n    return (c + x,) * 3\n"
                "out = jax.lax.scan(step, 0.0, jnp.ones(3))\n"),
        # Flax NNX's scan (default `out_axes`: a pair), as a decorator; flax 0.12 fails on
        # the output's structure, flax 0.10 (the last for Python 3.10) on its length.
        Invalid("import jax.numpy as jnp\nfrom flax import nnx\n"
                "@nnx.scan\ndef total(c, x):\n    return c + x, c, x\n"
                "out = total(jnp.zeros(3), jnp.ones((4, 3)))\n",
                jax_error={"flax>=0.11": "pytree structure error",
                           "flax<0.11": "Tuple arity mismatch: 3 != 2"}),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def step(c, x):\n    c = c + x\n"
                "out = jax.lax.scan(step, 0.0, jnp.ones(3))\n"),
        # The body returns a helper's result, and the helper returns one value (through a
        # name), on every path.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def decay(v, g):\n    if g is None:\n        return v * 0.5\n"
                "    new = 0.9 * v + g\n    return new\n"
                "def run(gs):\n    def step(v, g):\n        return decay(v, g)\n"
                "    return jax.lax.scan(step, jnp.zeros(2), gs)\nout = run(jnp.ones((3, 2)))\n"),
        # ... from a lambda body.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def accumulate(total, x):\n    return total + x\n"
                "out = jax.lax.scan(lambda c, x: accumulate(c, x), 0.0, jnp.ones(3))\n"),
    ]


def _through_names(value: cst.BaseExpression | None, exprs: dict) -> cst.BaseExpression | None:
    """The value a returned name was last assigned in straight-line code (`level = level *
    0.5; return level`), else the value itself."""
    for _ in range(3):
        if not (isinstance(value, cst.Name) and value.value in exprs):
            break
        value = exprs[value.value]
    return value


def _not_a_pair(value: cst.BaseExpression | None) -> str | None:
    if value is None:
        return "`None` (a bare `return`)"
    count = _tuple_length(value)
    if count is not None:
        return None if count == 2 else f"a tuple of {count}"
    if isinstance(value, cst.Name) and value.value == "None":
        return "`None`"
    if isinstance(value, cst.BinaryOperation) and any(
            _may_be_tuple(side) for side in (value.left, value.right)):
        return None  # `(h,) * n`, `pair + ()`: a tuple whose length the code may not show
    if isinstance(value, NOT_A_TUPLE):
        return "a single value, not a tuple"
    return None


def _tuple_length(value: cst.BaseExpression) -> int | None:
    """The length of a tuple literal without starred items, of `+` of two of them, or of one
    repeated by an int literal (`(h,) * 2`)."""
    if isinstance(value, cst.Tuple):
        return len(value.elements) if all(
            isinstance(e, cst.Element) for e in value.elements) else None
    if not isinstance(value, cst.BinaryOperation):
        return None
    left, right = _tuple_length(value.left), _tuple_length(value.right)
    if isinstance(value.operator, cst.Add) and left is not None and right is not None:
        return left + right
    if isinstance(value.operator, cst.Multiply):
        times = value.right if left is not None else value.left
        if isinstance(times, cst.Integer) and (left is not None) != (right is not None):
            return (left if left is not None else right) * int(times.evaluated_value)  # type: ignore
    return None


def _may_be_tuple(expr: cst.BaseExpression) -> bool:
    """A tuple literal, a `tuple(...)` call or an operation on one."""
    if isinstance(expr, cst.Tuple):
        return True
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
        return expr.func.value == "tuple"
    return isinstance(expr, cst.BinaryOperation) and (
        _may_be_tuple(expr.left) or _may_be_tuple(expr.right))


def _helper_not_a_pair(model: FileModel, scope: Scope,
                       value: cst.BaseExpression | None) -> str | None:
    """`helper(...)` where ``helper`` is a function of the file (not a method, no decorator
    but `jax.jit`) every `return` of which visibly is not a pair."""
    found = file_function(model, scope, value.func) if isinstance(value, cst.Call) else None
    if found is None or not transparent(found[2], found[0]) or falls_off_end(found[0]):
        return None
    function, inner, _owner = found
    returns = returns_of(function)
    once = _assigned_once(inner)
    singles = [_not_a_pair(_through_names(r.value, once)) for r in returns]
    if not returns or any(s is None or s.startswith("a tuple") or "`None`" in s
                          for s in singles):
        return None
    return f"the result of `{function.name.value}(...)`, a single value"


def _assigned_once(scope: Scope) -> dict:
    """The names a def's scope binds exactly once, by a plain assignment, with the value: a
    returned name holds it (or is unbound)."""
    return {name: bindings[0].assigned_value for name, bindings in scope.bindings.items()
            if len(bindings) == 1 and bindings[0].kind == "assign"
            and bindings[0].assigned_value is not None}
