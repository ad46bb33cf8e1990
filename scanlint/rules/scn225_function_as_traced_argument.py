from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import PARTIALS, Program, Scope
from scanlint.semantic.recompiles import jitted_callables, traced_arguments

_JNP = "import jax\nimport jax.numpy as jnp\n"
# The jits that trace every argument not marked static as an array (equinox's filter_jit
# and NNX's jit treat what is not an array as static; pmap's static arguments are its own).
_ARRAY_JITS = frozenset({"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit"})


class FunctionAsTracedArgument(Rule):
    """
    ## What it does
    Finds a call of a jitted function (`@jax.jit`, `fast = jax.jit(f)`, `pjit`) that passes
    a function for a parameter that is not static: a `def` or class of the file, a lambda, a
    `functools.partial`, a bound method of an object of the file, or another jitted
    function, also through a name bound once to one.

    ## Why is this bad?
    `jit` traces every argument that is not static as an array. A function is not one, so
    the call fails with `TypeError: Error interpreting argument to ... as an abstract
    array` (jax-ml/jax#1112: an integrator jitted with the right-hand side as an argument,
    called in a time-stepping loop). A test runs the invalid cases below under JAX and
    shows the error.

    ## Example
    ```python
    @jax.jit
    def integrate(f, x, dt):
        return x + f(x) * dt

    x = integrate(decay, x, 0.1)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="f")
    def integrate(f, x, dt):
        return x + f(x) * dt
    ```
    (a function is hashable, so it may be static; each new function compiles once), or
    close over the function in the jitted one. No fix is offered: which of the two suits
    the callers is the author's choice.
    """

    CODE = "SCN225"
    NAME = "function-as-traced-argument"
    MESSAGE = ("`{function}` is jitted and this call passes {what} for `{param}`, which is not "
               "static: jit traces it as an array and raises `TypeError` (a function is not "
               "an array); mark `{param}` static (`static_argnames`) or close over it")
    JAX_ERROR = "as an abstract array"
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "jit" not in ctx.text:
            return
        program = ctx.program
        for jitted in jitted_callables(program):
            if jitted.transform not in _ARRAY_JITS:
                continue
            for site in jitted.calls:
                for param, arg in traced_arguments(jitted, site):
                    what = function_value(program, arg, site.scope)
                    if what is None:
                        continue
                    message = self.MESSAGE.format(function=jitted.name, what=what,
                                                  param=param or program.source(arg))
                    yield ctx.diagnostic_at(self, arg, no_fix_reason(
                        message, "a static argument or a closure: which suits the callers "
                        "is the author's choice"))

    VALID = [
        # The function is a static argument.
        _JNP + "from functools import partial\n"
        "@partial(jax.jit, static_argnames='f')\ndef integrate(f, x, dt):\n"
        "    return x + f(x) * dt\n"
        "def decay(x):\n    return -x\n"
        "y = integrate(decay, jnp.ones(2), 0.1)\n",
        # Closed over instead of passed.
        _JNP + "def decay(x):\n    return -x\n"
        "@jax.jit\ndef integrate(x, dt):\n    return x + decay(x) * dt\n"
        "y = integrate(jnp.ones(2), 0.1)\n",
        # Static by position, on a `jax.jit(...)` call.
        _JNP + "def integrate(f, x, dt):\n    return x + f(x) * dt\n"
        "fast = jax.jit(integrate, static_argnums=0)\n"
        "def decay(x):\n    return -x\n"
        "y = fast(decay, jnp.ones(2), 0.1)\n",
        # The result of calling a function, not the function.
        _JNP + "def make(n):\n    return jnp.ones(n)\n"
        "@jax.jit\ndef total(x):\n    return x.sum()\n"
        "y = total(make(3))\n",
    ]

    INVALID = [
        # A jitted right-hand side passed to a jitted integrator in a time-stepping loop
        # (https://github.com/jax-ml/jax/issues/1112).
        Invalid(_JNP + "@jax.jit\ndef dxdt(t, x):\n    return -x ** 2\n"
                "@jax.jit\ndef integrator(f, t, x, dt):\n    return x + f(t, x) * dt\n"
                "x = 0.5\nfor t in jnp.linspace(0, 1, 3):\n"
                "    x = integrator(dxdt, t, x, 0.1)\n"),
        # A lambda given to a name bound to `jax.jit(...)`.
        Invalid(_JNP + "def apply(f, x):\n    return f(x)\n"
                "fast = jax.jit(apply)\ny = fast(lambda v: v * 2, jnp.ones(3))\n"),
        # A `functools.partial`, through a name bound once.
        Invalid(_JNP + "import functools\n"
                "def scale(x, a):\n    return x * a\n"
                "@jax.jit\ndef apply(f, x):\n    return f(x)\n"
                "double = functools.partial(scale, a=2.0)\n"
                "y = apply(double, jnp.ones(3))\n"),
    ]


def function_value(program: Program, expr: ast.expr, scope: Scope,
                   depth: int = 0) -> str | None:
    """How ``expr`` is a function (as the message says it), or None: a lambda, a def or
    class of the file, a `partial`, a jit of something, a bound method of the file's class,
    also through a name bound once."""
    if isinstance(expr, ast.Lambda):
        return "a lambda"
    if isinstance(expr, ast.Call):
        q = program.qualified(expr.func, scope)
        if q in PARTIALS:
            return f"`{program.source(expr.func)}(...)`, a function"
        if q in ("jax.jit", "jax.pjit", "jax.vmap", "jax.grad", "jax.value_and_grad"):
            return f"`{program.source(expr.func)}(...)`, a function"
        return None
    if isinstance(expr, ast.Attribute):
        targets = program.targets(expr, scope)
        if targets and all(t.bound_self for t in targets):
            return f"`{program.source(expr)}`, a bound method"
        return None
    if not isinstance(expr, ast.Name) or depth > 2:
        return None
    bind = program.single(scope, expr.id)
    if bind is None:
        return None
    if bind.kind == "def":
        return f"`{expr.id}`, a function"
    if bind.kind == "class":
        return f"`{expr.id}`, a class"
    if bind.kind == "assign" and bind.value is not None and isinstance(bind.target, ast.Name):
        inner = function_value(program, bind.value, bind.scope or scope, depth + 1)
        return None if inner is None else f"`{expr.id}` ({inner.split(', ')[-1]})"
    return None
