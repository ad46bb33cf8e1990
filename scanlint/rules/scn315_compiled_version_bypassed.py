from __future__ import annotations

import ast
import re
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import CallSite, Program, Scope
from scanlint.semantic.recompiles import COMPILING, certainly_eager
from scanlint.semantic.tracing import ENTRY_WORDS

_JNP = "import jax\nimport jax.numpy as jnp\n"
_PYTHON_LOOPS = (ast.For, ast.AsyncFor, ast.While)


class CompiledVersionBypassed(Rule):
    """
    ## What it does
    Finds a Python loop, in code that runs outside `jit` (module level, `main`, or a
    function the file calls only from there), that calls a function directly while the file
    compiles that same function into a name (`step = jax.jit(kernel.step)`) outside the
    loop: the loop runs the uncompiled function at every iteration. Calls in `test_*`
    functions are left out (a test compares the two versions on purpose).

    ## Why is this bad?
    Outside `jit`, every operation of the function is dispatched on its own at every call,
    with no fusion: a sampler's or a trainer's step runs many times slower than its
    compiled version, and nothing fails. The compiled version was made for this loop and
    is left unused (blackjax's index example jitted the NUTS step and looped over the
    uncompiled one, about 30x slower:
    https://github.com/blackjax-devs/blackjax/pull/711). A test runs the invalid cases below
    under JAX and counts the function's Python runs in the loop: one per iteration.

    ## Example
    ```python
    step = jax.jit(kernel.step)
    for i in range(num_samples):
        key, sample_key = jax.random.split(key)
        state = kernel.step(sample_key, state)
    ```

    ## Use instead
    ```python
    step = jax.jit(kernel.step)
    for i in range(num_samples):
        key, sample_key = jax.random.split(key)
        state = step(sample_key, state)
    ```
    No fix is offered: the compiled name may not be in reach of the loop (another
    function made it), and its static arguments may differ.
    """

    CODE = "SCN315"
    NAME = "compiled-version-bypassed"
    PROGRAM = True
    MESSAGE = ("`{callee}` runs uncompiled at every iteration of this loop, though the file "
               "compiles it as `{compiled}` (line {line}): outside `jit` each call dispatches "
               "its operations one by one")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        program.prepare(ENTRY_WORDS)
        compiled = _compiled_names(program)
        if not compiled:
            return
        # The loops calling them spell the function's name (`kernel.step(...)`).
        names = sorted({name for name in (_def_name(program, key) for key in compiled) if name})
        if names:
            program.prepare(re.compile(r"\b(?:%s)\b" % "|".join(map(re.escape, names))))
        for site in list(program.calls):
            loop = next((loop for loop in reversed(site.loops)
                         if isinstance(loop, _PYTHON_LOOPS)), None)
            func = site.node.func
            if loop is None or (func.id if isinstance(func, ast.Name) else func.attr
                                if isinstance(func, ast.Attribute) else None) not in names:
                continue
            targets = program.targets(func, site.scope)
            if len(targets) != 1 or id(targets[0].function.node) not in compiled:
                continue
            name, made = compiled[id(targets[0].function.node)]
            if _inside(made.node, loop) or _in_test(site.scope) or \
                    _compiles_itself(program, targets[0].function) or \
                    not certainly_eager(program, site.scope):
                continue
            message = self.MESSAGE.format(callee=program.source(site.node.func),
                                          compiled=name, line=made.node.lineno)
            yield ctx.diagnostic_at(self, site.node.func, no_fix_reason(
                message, f"call `{name}` here if it is in reach and takes the same arguments"))

    VALID = [
        "# The loop calls the compiled version.\n" + _JNP + "def f(x):\n    return jnp.sin(x) * 2.0\n"
        "def main():\n    g = jax.jit(f)\n    x = jnp.ones(3)\n"
        "    for _ in range(5):\n        x = g(x)\n    return x\nmain()\n",
        # A test compares the two versions on purpose.
        _JNP + "def f(x):\n    return jnp.sin(x) * 2.0\n"
        "def test_f():\n    g = jax.jit(f)\n    for n in (1, 2, 3):\n"
        "        assert jnp.allclose(f(jnp.ones(n)), g(jnp.ones(n)))\n",
        # Jitted anew inside the loop: SCN306's case, not this one.
        _JNP + "def f(x):\n    return jnp.sin(x) * 2.0\n"
        "def main():\n    x = jnp.ones(3)\n    for _ in range(5):\n"
        "        g = jax.jit(f)\n        x = f(g(x))\n    return x\n",
        # A library function may run under its caller's jit: the file cannot tell.
        _JNP + "def f(x):\n    return jnp.sin(x) * 2.0\nfast_f = jax.jit(f)\n"
        "def repeat(x, n):\n    for _ in range(n):\n        x = f(x)\n    return x\n",
        "# The function is jitted by its decorator: every call is compiled.\n"
        + _JNP + "@jax.jit\ndef f(x):\n    return jnp.sin(x) * 2.0\nfast_f = jax.jit(f)\n"
        "def main():\n    x = jnp.ones(3)\n    for _ in range(5):\n        x = f(x)\n"
        "    return x\nmain()\n",
    ]

    INVALID = [
        # blackjax#711: the kernel's step jitted, the inference loop given the kernel.
        Invalid(_JNP + "class Kernel:\n    def __init__(self, sigma):\n"
                "        self.sigma = sigma\n"
                "    def step(self, key, x):\n"
                "        return x + self.sigma * jax.random.normal(key, x.shape)\n"
                "def inference_loop(key, kernel, x, n):\n    for i in range(n):\n"
                "        key, sub = jax.random.split(key)\n        x = kernel.step(sub, x)\n"
                "    return x\n"
                "def main():\n    kernel = Kernel(0.1)\n    step = jax.jit(kernel.step)\n"
                "    x = step(jax.random.key(1), jnp.zeros(2))\n"
                "    return inference_loop(jax.random.key(0), kernel, x, 4)\n"
                "main()\n"),
        Invalid(_JNP + "def update(w, x):\n    return w - 0.1 * jnp.tanh(w * x)\n"
                "fast_update = jax.jit(update)\nw = jnp.ones(3)\n"
                "for x in jnp.linspace(0.0, 1.0, 4):\n    w = update(w, x)\n"),
    ]


def _def_name(program: Program, key: int) -> str | None:
    scope = next((s for s in program.scopes.values() if id(s.node) == key), None)
    return scope.name if scope is not None else None


def _compiled_names(program: Program) -> dict[int, tuple[str, CallSite]]:
    """id(def) -> (name, call) for each `name = jax.jit(f)` of a def of the file."""
    found: dict[int, tuple[str, CallSite]] = {}
    for site in list(program.calls):
        statement = site.statement
        if not (isinstance(statement, ast.Assign) and statement.value is site.node
                and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
                and site.node.args and not isinstance(site.node.args[0], ast.Starred)
                and program.qualified(site.node.func, site.scope) in COMPILING):
            continue
        for target in program.targets(site.node.args[0], site.scope):
            found.setdefault(id(target.function.node), (statement.targets[0].id, site))
    return found


def _inside(node: ast.AST, loop: ast.AST) -> bool:
    return loop.lineno <= node.lineno <= (loop.end_lineno or loop.lineno)


def _in_test(scope: Scope) -> bool:
    function = scope.function
    return function is not None and function.name.startswith("test")


def _compiles_itself(program: Program, function: Scope) -> bool:
    return any(program.decorator_transform(d, function.parent or program.module, COMPILING)
               for d in function.decorators)
