from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.recompiles import certainly_eager, fresh, made_when, repeated, untraced
from scanlint.semantic.tracing import ENTRY_WORDS, LOOPS, loop_functions

_JNP = "import jax\nimport jax.numpy as jnp\n"


class EagerLoopNewBody(Rule):
    """
    ## What it does
    Finds a `lax.scan`, `fori_loop`, `while_loop` or `lax.map` that runs outside `jit` (the
    file shows no transformation tracing the function that holds it) with a body made anew
    each time: a lambda, a def inside the function, a `functools.partial`, what a
    transformation returns, or an object of a class of the file (JAX keeps the body it
    traced by a weak reference: when the next call comes, the last object is gone, equal
    or not); at every iteration of a Python loop, or at every call of a function the file
    calls in a Python loop. The Python loop must be in code that runs outside `jit`
    whoever calls the file: module-level code, a `main` or `test_*` function, or a function
    the file calls only from those. A library function may run under its callers' `jit`
    (where the loop is traced once, inline), which the file cannot show. A body made in a
    loop over a display (`for w in (0.1, 0.2)`) is not reported: one compile per listed
    configuration, as the loop asks.

    ## Why is this bad?
    Run outside `jit`, a loop traces its body, compiles the loop and keeps both per body
    function: called again with the same body object, it reuses them. A body made anew is a
    new key: every call traces and compiles the whole loop again, which costs far more than
    running it (and grows with the body). A test runs the invalid cases below under JAX and
    counts the compiles.

    ## Example
    ```python
    def sample(self, key, n):
        keys = jax.random.split(key, n)
        return jax.lax.scan(lambda c, k: (c, self.flow(k)), 0.0, keys)[1]

    for i in range(100):
        proposal.sample(keys[i], 32)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnums=(0, 2))
    def sample(self, key, n):
        ...
    ```
    (or a body defined once, at module level or in `__init__`, passed the values it needs
    through the carry or `xs`). No fix is offered: which of the two fits depends on the
    code around it.
    """

    CODE = "SCN307"
    NAME = "eager-loop-new-body"
    MESSAGE = ("This `{loop}` runs outside `jit` with {what} as its {role}, made anew at every "
               "{when}: outside `jit` a loop reuses its trace and compiled code only for the "
               "same body object, so each {unit} traces and compiles the loop again")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        program.prepare(ENTRY_WORDS)
        for site in list(program.calls):
            q = program.qualified(site.node.func, site.scope)
            kind = LOOPS.get(q or "")
            if kind is None or not untraced(program, site.scope):
                continue
            for keyword, body in loop_functions(site.node, kind):
                made = fresh(program, body, site.scope)
                if made is None:
                    continue
                where = repeated(program, made, site)
                if where is None or not certainly_eager(
                        program, site.scope if where.call is None else where.call.scope):
                    continue
                when, unit = made_when(where)
                message = self.MESSAGE.format(loop=kind, what=made.what, when=when, unit=unit,
                                              role="condition" if keyword == "cond_fun"
                                              else "body")
                yield ctx.diagnostic_at(self, site.node.func, no_fix_reason(
                    message, "jit the function holding it, or define the body once"))
                break

    VALID = [
        # A module-level body: the same object at every call.
        _JNP + "def step(c, x):\n    return c + x, c\n"
        "def total(xs):\n    return jax.lax.scan(step, 0.0, xs)[0]\n"
        "sums = [total(jnp.ones(3) * k) for k in range(4)]\n",
        # A closure, but the function holding the loop is jitted.
        _JNP + "@jax.jit\ndef total(xs, w):\n"
        "    return jax.lax.scan(lambda c, x: (c + w * x, c), 0.0, xs)[0]\n"
        "sums = [total(jnp.ones(3), k) for k in range(4)]\n",
        # A closure in a function called once.
        _JNP + "def total(xs, w):\n"
        "    return jax.lax.scan(lambda c, x: (c + w * x, c), 0.0, xs)[0]\n"
        "s = total(jnp.ones(3), 2.0)\n",
        # A body object made once, at module level.
        _JNP + "class Step:\n    def __init__(self, dt):\n        self.dt = dt\n"
        "    def __call__(self, c, x):\n        return c + self.dt * x, c\n"
        "STEP = Step(0.1)\n"
        "def run(xs):\n    return jax.lax.scan(STEP, 0.0, xs)[0]\n"
        "for k in range(3):\n    run(jnp.ones(3))\n",
    ]

    INVALID = [
        # A lambda in a method the file calls in a loop.
        Invalid(_JNP + "class Proposal:\n    def __init__(self, shift):\n"
                "        self.shift = shift\n"
                "    def sample(self, key, n):\n        keys = jax.random.split(key, n)\n"
                "        return jax.lax.scan(lambda c, k: (c, self.shift + "
                "jax.random.normal(k)), 0.0, keys)[1]\n"
                "def main():\n    proposal = Proposal(1.0)\n    key = jax.random.key(0)\n"
                "    for _ in range(3):\n        key, sub = jax.random.split(key)\n"
                "        proposal.sample(sub, 8)\n"
                "main()\n"),
        # A new step object per call, its class without __eq__.
        Invalid(_JNP + "class Euler:\n    def __init__(self, dt):\n        self.dt = dt\n"
                "    def __call__(self, x, f):\n        return x + self.dt * f, x\n"
                "    def __hash__(self):\n        return hash(self.dt)\n"
                "def rollout(x0, forces, dt=0.1):\n"
                "    return jax.lax.scan(Euler(dt), x0, forces)\n"
                "for episode in range(3):\n    rollout(0.0, jnp.ones(4) * episode)\n"),
        # A nested def as a fori_loop body, in a function called from a comprehension.
        Invalid(_JNP + "def power(x, n):\n    def body(i, y):\n        return y * x\n"
                "    return jax.lax.fori_loop(0, n, body, 1.0)\n"
                "values = [power(x, 3) for x in (1.0, 2.0, 3.0)]\n"),
        # A partial made in the loop itself.
        Invalid("import functools\n" + _JNP + "def step(c, x, w):\n    return c + w * x, c\n"
                "def sweep(xs, weights):\n    for w in weights:\n"
                "        jax.lax.scan(functools.partial(step, w=w), 0.0, xs)\n"
                "sweep(jnp.ones(3), [0.1, 0.2, 0.3])\n"),
    ]
