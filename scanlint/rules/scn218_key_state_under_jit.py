from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.jit_reach import under_jit
from scanlint.semantic.loop_keys import random_function
from scanlint.semantic.program import Program, Scope

_JNP = "import jax\nimport jax.numpy as jnp\n"
# What advances a key held as state: its next value is made from itself.
_ADVANCING = frozenset({"split", "fold_in", "clone"})


class KeyStateUnderJit(Rule):
    """
    ## What it does
    Finds a PRNG key kept as state, in a global or on an object (`self.rng`), that a
    function advances from itself (`KEY, sub = jax.random.split(KEY)`,
    `self.rng = jax.random.fold_in(self.rng, 1)`) while a `jit` traces it: the function is
    jitted (`@jax.jit`, `jax.jit(f)`, `partial(jax.jit, ...)`, `pjit`, `pmap`), or the
    file's function a jitted one calls, up to four calls deep (a generator object's
    `__call__`, a `next_key()` helper, a method of a module-level object); or the body of
    a `scan`, `fori_loop` or `while_loop` (or a function it calls: a seed generator a
    `partial` hands the step function), which jax traces once for all the steps.

    ## Why is this bad?
    `jit` runs the Python code once, when it traces; the split is staged into the compiled
    program with the key it saw as a constant, and the assignment stores a tracer. Every
    later call reuses the compiled program: the same key, the same dropout mask and noise at
    every step, and the stored key is a leaked tracer (objax's random generator,
    google/objax#210; a global key in a jitted step). Nothing fails. A test runs the invalid
    cases below under JAX and shows two calls drawing the same numbers.
    `nnx.jit` (which carries `nnx.Rngs` through) and `equinox.filter_jit` are not
    reported.

    ## Example
    ```python
    KEY = jax.random.PRNGKey(0)

    @jax.jit
    def noisy(x):
        global KEY
        KEY, sub = jax.random.split(KEY)
        return x + jax.random.normal(sub, x.shape)
    ```

    ## Use instead
    ```python
    @jax.jit
    def noisy(x, key):
        key, sub = jax.random.split(key)
        return x + jax.random.normal(sub, x.shape), key
    ```
    No fix is offered: the key has to become an argument and a result of the jitted
    function and of every caller.
    """

    CODE = "SCN218"
    NAME = "key-state-under-jit"
    MESSAGE = ("`{state}` is a key advanced under `{tracer}` (`{function}` runs when "
               "`{entry}` is traced): the compiled program keeps the key it was traced with, "
               "so every {unit} draws the same numbers, and `{state}` holds a tracer; pass "
               "the key in and return the new one")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        if "random" not in ctx.text or ("jit" not in ctx.text and "_loop" not in ctx.text
                                        and "scan" not in ctx.text):
            return
        program = ctx.program
        for scope, statement, state in advanced_keys(program):
            how = under_jit(program)[id(scope.node)]
            function = f"{scope.cls.name}.{scope.name}" if scope.cls else scope.name
            message = self.MESSAGE.format(
                state=state, function=function, entry=how.entry.name, tracer=how.tracer,
                unit="call" if how.tracer == "jit" else "step")
            yield ctx.diagnostic_at(self, statement, no_fix_reason(
                message, "the key has to become an argument and a result of the jitted "
                "function"))

    VALID = [
        # The key carried through the `fori_loop`, split at every step.
        _JNP + "def run(x, key):\n    def body(i, carry):\n        rows, key = carry\n"
        "        key, sub = jax.random.split(key)\n"
        "        return rows.at[i].set(x + jax.random.normal(sub, x.shape)), key\n"
        "    return jax.lax.fori_loop(0, 2, body, (jnp.zeros((2, 3)), key))[0]\n"
        "draws = run(jnp.zeros(3), jax.random.PRNGKey(0))\nfirst, second = draws[0], draws[1]\n",
        # The key is an argument and a result of the jitted function.
        _JNP + "@jax.jit\ndef noisy(x, key):\n    key, sub = jax.random.split(key)\n"
        "    return x + jax.random.normal(sub, x.shape), key\n"
        "k = jax.random.PRNGKey(0)\nfirst, k = noisy(jnp.zeros(3), k)\n"
        "second, k = noisy(jnp.zeros(3), k)\n",
        # A global key advanced outside any jit: each call draws anew.
        _JNP + "KEY = jax.random.PRNGKey(0)\n"
        "def noisy(x):\n    global KEY\n    KEY, sub = jax.random.split(KEY)\n"
        "    return x + jax.random.normal(sub, x.shape)\n"
        "first, second = noisy(jnp.zeros(3)), noisy(jnp.zeros(3))\n",
        # A generator object used eagerly, its keys handed to the jitted step.
        _JNP + "class Generator:\n    def __init__(self, seed):\n"
        "        self.key = jax.random.PRNGKey(seed)\n"
        "    def __call__(self):\n        self.key, sub = jax.random.split(self.key)\n"
        "        return sub\n"
        "gen = Generator(0)\n"
        "@jax.jit\ndef step(x, key):\n    return x + jax.random.normal(key, x.shape)\n"
        "first, second = step(jnp.zeros(3), gen()), step(jnp.zeros(3), gen())\n",
    ]

    INVALID = [
        # A global key split in a jitted function.
        Invalid(_JNP + "KEY = jax.random.PRNGKey(0)\n"
                "@jax.jit\ndef noisy(x):\n    global KEY\n    KEY, sub = jax.random.split(KEY)\n"
                "    return x + jax.random.normal(sub, x.shape)\n"
                "first, second = noisy(jnp.zeros(3)), noisy(jnp.zeros(3))\n"),
        # A generator object a jitted training step reaches through a model
        # (https://github.com/google/objax/pull/210).
        Invalid(_JNP + "class Generator:\n    def __init__(self, seed):\n"
                "        self.key = jax.random.PRNGKey(seed)\n"
                "    def __call__(self):\n"
                "        self.key, sub = jax.random.split(self.key)\n        return sub\n"
                "class Dropout:\n    def __init__(self, rate):\n"
                "        self.rate = rate\n        self.gen = Generator(0)\n"
                "    def __call__(self, x):\n"
                "        keep = jax.random.bernoulli(self.gen(), 1 - self.rate, x.shape)\n"
                "        return jnp.where(keep, x / (1 - self.rate), 0.0)\n"
                "layer = Dropout(0.5)\n"
                "train_op = jax.jit(lambda x: layer(x))\n"
                "first, second = train_op(jnp.ones(8)), train_op(jnp.ones(8))\n"),
        # A seed generator a `partial` hands the step of a `fori_loop`: its body is traced
        # once, so every step draws with one key (and the generator keeps a tracer).
        Invalid(_JNP + "from functools import partial\n"
                "class Seeds:\n    def __init__(self, seed):\n"
                "        self.state = jax.random.PRNGKey(seed)\n"
                "    def next(self):\n"
                "        self.state, sub = jax.random.split(self.state)\n        return sub\n"
                "def noisy_step(x, seeds):\n"
                "    return x + jax.random.normal(seeds.next(), x.shape)\n"
                "def run(x, seeds):\n    step = partial(noisy_step, seeds=seeds)\n"
                "    def body(i, rows):\n        return rows.at[i].set(step(x))\n"
                "    return jax.lax.fori_loop(0, 2, body, jnp.zeros((2, 3)))\n"
                "draws = run(jnp.zeros(3), Seeds(0))\nfirst, second = draws[0], draws[1]\n"),
        # A helper that folds a counter into a module-level key, called from a jitted step.
        Invalid(_JNP + "_RNG = jax.random.key(1)\n"
                "def next_key():\n    global _RNG\n"
                "    _RNG = jax.random.fold_in(_RNG, 1)\n    return _RNG\n"
                "def augment(x):\n    return x + jax.random.normal(next_key(), x.shape)\n"
                "step = jax.jit(augment)\n"
                "first, second = step(jnp.zeros(3)), step(jnp.zeros(3))\n"),
    ]


def advanced_keys(program: Program) -> list[tuple[Scope, ast.stmt, str]]:
    """(function, statement, the state written as in the code) for each key in a global or
    an attribute that a function running under a jit advances from itself."""
    found = []
    reached = under_jit(program)
    for scope in list(program.scopes.values()):
        if id(scope.node) not in reached:
            continue
        for node in program.own_nodes(scope):
            if isinstance(node, ast.Assign):
                state = _advanced_state(program, scope, node)
                if state is not None:
                    found.append((scope, node, state))
    return found


def _advanced_state(program: Program, scope: Scope, statement: ast.Assign) -> str | None:
    """The global or attribute ``statement`` rebinds to a key made from itself."""
    value = statement.value
    while isinstance(value, ast.Subscript):  # `split(KEY)[0]`
        value = value.value
    if not (isinstance(value, ast.Call) and value.args and
            random_function(program, value.func, scope) in _ADVANCING):
        return None
    source = program.source(value.args[0])
    for target in statement.targets:
        parts = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for part in parts:
            if program.source(part) != source:
                continue
            if isinstance(part, ast.Attribute) or isinstance(part, ast.Name) and \
                    part.id in scope.declared_global:
                return source
    return None
