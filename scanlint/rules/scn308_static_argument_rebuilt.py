from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic, Edit, Fix
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.program import CallSite, Program
from scanlint.semantic.recompiles import (Jitted, fresh, jitted_callables,
                                          made_when, repeated, unhashable,
                                          unhashable_dataclass, untraced,
                                          varying_through_callers)

_JNP = "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n"


class StaticArgumentRebuilt(Rule):
    """
    ## What it does
    Finds a call of a jitted function (`@jax.jit` or `@partial(jax.jit, ...)` on a def,
    `fast = jax.jit(f, ...)`, NNX's and `pjit`'s too) whose argument for a static
    parameter (`static_argnums`, `static_argnames`) is:

    - a list, dict or set (a display, a comprehension, `list(...)`), or an instance of a
      `@dataclass` of the file that is not frozen (its `__hash__` is None), also through a
      name bound once, a key of a dict display (`CONFIG["smoother"]["taps"]`) and the
      parameter every visible call passes it to; or
    - an object made anew at every iteration of a loop around the call, or at every call of
      a function the file calls in a loop, that compares by identity: a lambda, a def, a
      `functools.partial`, what a transformation returns, an optax transformation
      (`optax.adam(lr)`: a tuple of new closures), an object of a class of the file without
      `__eq__`; or
    - a value that changes at every iteration of a loop around the call: the counter of
      `for i in range(n)`, `enumerate`'s index, a name the loop steps (`n += 1`,
      `num_samples *= 2`), a random draw (`int(rng.geometric(0.1))`), or
      growing arithmetic of one (`lr = 0.1 / (1 + i)`), also through a name bound in the
      loop, or a sweep over a display of distinct fractional numbers (`for scale in [7.5,
      8.0, 9.5]`: a continuous hyper-parameter, one compile per value); also through the
      parameters of the file's functions that pass it on (`pipe(x, scale=scale)` calling
      the jitted function), two callers up. Not a value the loop takes from a display of
      modes or sizes (`for mode in ("train", "eval")`: a few variants, on purpose), a
      bounded function of a counter (`i % 2`), or a range shorter than `min-unrolled-trips`.

    ## Why is this bad?
    `jit` keeps compiled code per value of its static arguments, found by hash and `==`: a
    list or dict has no hash, and JAX raises `ValueError: Non-hashable static arguments are
    not supported`; an object that compares by identity is a new key each time, so every
    call traces and compiles again. A test runs the invalid cases below under JAX: the first
    kind raises, the others compile at every call.

    ## Example
    ```python
    for seed in seeds:
        tx = optax.adam(learning_rate)
        params, losses = fit(tx, params0, target)  # fit: static_argnums=0
    ```

    ## Use instead
    ```python
    tx = optax.adam(learning_rate)
    for seed in seeds:
        params, losses = fit(tx, params0, target)
    ```
    A list display gets an unsafe fix that passes a tuple instead (`[0.25, 0.5]` to
    `(0.25, 0.5)`: the function then sees a tuple, which code that appends to it or adds
    lists to it would not take); other cases get none.
    """

    CODE = "SCN308"
    NAME = "static-argument-rebuilt"
    MESSAGE = "Static argument `{param}` of `{function}` {what}"
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        for jitted in jitted_callables(program):
            if not jitted.static or jitted.function is None:
                continue
            for site in jitted.calls:
                if not untraced(program, site.scope):
                    continue
                for param in sorted(jitted.static):
                    arg = jitted.function.argument(site.node, param, jitted.bound_self)
                    if arg is None:
                        continue
                    found = self._finding(ctx, program, jitted, site, param, arg)
                    if found is not None:
                        yield found

    def _finding(self, ctx: RuleContext, program: Program, jitted: Jitted, site: CallSite,
                 param: str, arg: ast.expr) -> Diagnostic | None:
        name = jitted.name or jitted.function.name
        display = unhashable(program, arg, site.scope)
        record = unhashable_dataclass(program, display.func, site.scope) if isinstance(
            display, ast.Call) else None
        if record is not None:
            written = "" if display is arg else f" (`{program.source(arg)}`)"
            message = self.MESSAGE.format(
                param=param, function=name,
                what=f"is an instance of `{record}`{written}, a dataclass without `frozen=True`"
                     ": its `__hash__` is None, and JAX raises `ValueError: Non-hashable "
                     "static arguments are not supported`")
            return ctx.diagnostic_at(self, arg, no_fix_reason(
                message, f"`@dataclass(frozen=True)` would make `{record}` immutable, which "
                         "code that assigns its fields would not take"))
        if display is not None:
            kind = {ast.List: "a list", ast.ListComp: "a list", ast.Dict: "a dict",
                    ast.DictComp: "a dict", ast.Set: "a set", ast.SetComp: "a set"}.get(
                type(display), "a list, dict or set")
            shown = program.source(display)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            written = "" if display is arg else f" (`{program.source(arg)}`)"
            message = self.MESSAGE.format(
                param=param, function=name,
                what=f"is {kind}{written}, `{shown}`: static arguments must be hashable, and "
                     "JAX raises `ValueError: Non-hashable static arguments are not "
                     "supported`; pass a tuple")
            if isinstance(arg, ast.List) and display is arg:
                start, end = program.span(arg)
                inner = program.source(arg)[1:-1]
                tuple_text = f"({inner}{',' if len(arg.elts) == 1 else ''})"
                fix = Fix("unsafe", "Pass a tuple", (Edit(start, end, tuple_text),))
                return ctx.diagnostic_at(self, arg, message, fix)
            return ctx.diagnostic_at(self, arg, no_fix_reason(
                message, "the function may need a list (`tuple(...)` changes what it sees)"))
        made = fresh(program, arg, site.scope, static=True)
        if made is None:
            return self._varying(ctx, program, name, site, param, arg)
        where = repeated(program, made, site)
        if where is None:
            return None
        when, unit = made_when(where)
        message = self.MESSAGE.format(
            param=param, function=name,
            what=f"is {made.what}, made anew at every {when}: jit finds compiled code for a "
                 f"static argument by `==`, and this one compares by identity, so each {unit} "
                 "traces and compiles again; make it once, before the loop")
        return ctx.diagnostic_at(self, arg, no_fix_reason(
            message, "what the object is made from may change in the loop"))

    def _varying(self, ctx: RuleContext, program: Program, name: str, site: CallSite,
                 param: str, arg: ast.expr) -> Diagnostic | None:
        found = varying_through_callers(program, arg, site, ctx.settings.min_unrolled_trips)
        if found is None:
            return None
        loop, counter = found
        kind = "`while`" if isinstance(loop, ast.While) else "`for`"
        message = self.MESSAGE.format(
            param=param, function=name,
            what=f"takes a new value at every iteration of the {kind} loop on line "
                 f"{loop.lineno} (it follows `{counter}`): jit compiles once per value of a "
                 "static argument, so each iteration traces and compiles again; pass it as "
                 "a traced argument")
        return ctx.diagnostic_at(self, arg, no_fix_reason(
            message, "the function may use it where only a static value serves (a shape, a "
                     "Python `if`)"))

    VALID = [
        # pmap's static_broadcasted_argnums name its static arguments: a dict at another
        # place is traced, not static.
        "from functools import partial\n" + _JNP +
        "@partial(jax.pmap, static_broadcasted_argnums=(1,))\n"
        "def scale(params, n):\n    return params[\"w\"] * n\n"
        "params = {\"w\": jnp.ones((1, 2))}\n"
        "for n in (2, 2):\n    scale(params, n)\n",
        # A jitted method called on its object: `static_argnums=0` is the object, not the
        # dict after it (maxtext's engine).
        _JNP + "from functools import partial\n"
        "class Engine:\n    def __init__(self, n):\n        self.n = n\n"
        "    @partial(jax.jit, static_argnums=(0,))\n"
        "    def generate(self, params, x):\n        return params['b'] * x\n"
        "def run():\n    e = Engine(2)\n    params = {'b': jnp.ones(3)}\n    x = jnp.ones(3)\n"
        "    for _ in range(3):\n        x = e.generate(params, x)\n    return x\n"
        "x = run()\n",
        # A static argument a loop takes from a display: one compile per mode, by design.
        _JNP + "@partial(jax.jit, static_argnames='mode')\ndef apply(x, mode):\n"
        "    return x * 2 if mode == 'train' else x\n"
        "def run(x):\n    for mode in ('train', 'eval'):\n        x = apply(x, mode=mode)\n"
        "    return x\ny = run(jnp.ones(3))\n",
        # ... or a bounded function of a counter (two values), or a short range.
        _JNP + "@partial(jax.jit, static_argnums=1)\ndef flip(x, odd):\n"
        "    return -x if odd else x\n"
        "def run(x):\n    for i in range(20):\n        x = flip(x, i % 2)\n"
        "    for i in range(3):\n        x = flip(x, i)\n    return x\n"
        "y = run(jnp.ones(3))\n",
        # A static count scaled in a short literal range, or by a neutral step.
        _JNP + "@partial(jax.jit, static_argnums=1)\ndef tile(x, n):\n"
        "    return jnp.tile(x, n)\n"
        "def run(x, n, m):\n    for _ in range(2):\n        x = tile(x, n)\n        n *= 2\n"
        "    while x.size < 100:\n        x = tile(x, m)\n        m *= 1\n    return x\n"
        "y = run(jnp.ones(3), 1, 2)\n",
        # A tuple, rebuilt at every call, compares by value.
        _JNP + "CONFIG = {'taps': [0.25, 0.5, 0.25]}\n"
        "@partial(jax.jit, static_argnums=1)\ndef smooth(x, taps):\n"
        "    return sum(w * jnp.roll(x, k) for k, w in enumerate(taps))\n"
        "def run(x, cfg):\n    for _ in range(3):\n"
        "        x = smooth(x, tuple(cfg['taps']))\n    return x\n"
        "y = run(jnp.ones(8), CONFIG)\n",
        # An optax transformation made once, before the loop.
        _JNP + "import optax\n"
        "@partial(jax.jit, static_argnums=0)\ndef fit(tx, p):\n"
        "    updates, _ = tx.update(p, tx.init(p), p)\n    return p + updates\n"
        "def sweep(ps):\n    tx = optax.sgd(0.1)\n    return [fit(tx, p) for p in ps]\n"
        "out = sweep([jnp.ones(2), jnp.zeros(2)])\n",
        # A mode picked at random from two: two compiles at most.
        _JNP + "import random\n"
        "@partial(jax.jit, static_argnums=1)\ndef apply(x, mode):\n"
        "    return x * 2 if mode == 'double' else x\n"
        "def run(x):\n    for _ in range(20):\n"
        "        x = apply(x, random.choice(('double', 'same')))\n    return x\n"
        "y = run(jnp.ones(2))\n",
        # A frozen dataclass hashes by value.
        _JNP + "from dataclasses import dataclass\n"
        "@dataclass(frozen=True)\nclass Config:\n    scale: float = 0.5\n"
        "@partial(jax.jit, static_argnames=('cfg',))\ndef update(w, cfg):\n"
        "    return w * cfg.scale\n"
        "def train(w):\n    for _ in range(3):\n        w = update(w, cfg=Config())\n"
        "    return w\n"
        "w = train(jnp.ones(2))\n",
        # An int and a string are hashable.
        _JNP + "fast = jax.jit(lambda x, n, mode: x * n, static_argnums=(1, 2))\n"
        "for n in range(3):\n    y = fast(jnp.ones(2), n, 'a')\n",
    ]

    INVALID = [
        # A learning rate computed from the step counter, static: one compile per step.
        Invalid(_JNP + "@partial(jax.jit, static_argnames=('lr',))\n"
                "def update(w, g, lr):\n    return w - lr * g\n"
                "def train(w, first, steps):\n"
                "    for i in range(first, first + steps):\n"
                "        lr = 0.1 / (1 + i)\n"
                "        w = update(w, jnp.ones_like(w), lr=lr)\n    return w\n"
                "runs = []\nruns.append(train(jnp.zeros(3), 10 * len(runs), 10))\n"),
        # ... a `while` loop's step count passed as a static bound.
        Invalid(_JNP + "def refine(x, n):\n"
                "    return jax.lax.fori_loop(0, n, lambda i, v: v * 0.5, x)\n"
                "fast = jax.jit(refine, static_argnums=1)\n"
                "def solve(x, start):\n    n = start\n    while n < start + 4:\n"
                "        n += 1\n        x = fast(x, n)\n    return x\n"
                "runs = []\nruns.append(solve(jnp.ones(3), 100 * len(runs)))\n"),
        # ... a length a `for` over rounds doubles, passed as a static keyword
        # (https://github.com/pyro-ppl/numpyro/issues/313).
        Invalid(_JNP + "@partial(jax.jit, static_argnames=('num',))\n"
                "def chain(x, num):\n    return jnp.cumsum(jnp.ones(num) * x)[-1]\n"
                "def until_converged(x, num=4, rounds=5):\n"
                "    for _ in range(rounds):\n        total = chain(x, num=num)\n"
                "        if total > 100.0:\n            break\n        num *= 2\n"
                "    return total\n"
                "runs = []\nruns.append(until_converged(jnp.float32(1.0), 3 + len(runs)))\n"),
        # A truncation level drawn at every iteration (https://github.com/jax-ml/jax/issues/3345).
        Invalid(_JNP + "import numpy as np\n"
                "@partial(jax.jit, static_argnums=1)\ndef series(x, k):\n"
                "    return jnp.sum(x ** jnp.arange(k))\n"
                "def estimate(x, draws, seed):\n    rng = np.random.default_rng(seed)\n"
                "    total = 0.0\n    for _ in range(draws):\n"
                "        k = int(rng.geometric(0.2)) + 1\n        total += series(x, k)\n"
                "    return total / draws\n"
                "runs = []\nruns.append(estimate(0.5, 12, len(runs) + 1))\n"),
        # A mutable dataclass config as a static argument
        # (https://github.com/nissymori/JAX-CORL/pull/59).
        Invalid(_JNP + "import dataclasses\n"
                "@dataclasses.dataclass\nclass Config:\n    scale: float = 0.5\n"
                "@partial(jax.jit, static_argnames=('cfg',))\ndef update(w, cfg):\n"
                "    return w * cfg.scale\n"
                "def train(w, cfg):\n    for _ in range(3):\n        w = update(w, cfg=cfg)\n"
                "    return w\n"
                "w = train(jnp.ones(2), Config())\n"),
        # A list from a config dict, through a parameter.
        Invalid(_JNP + "CONFIG = {'smoother': {'taps': [0.25, 0.5, 0.25]}}\n"
                "@partial(jax.jit, static_argnums=1)\ndef smooth(x, taps):\n"
                "    return sum(w * jnp.roll(x, k) for k, w in enumerate(taps))\n"
                "def run(x, cfg):\n    return smooth(x, cfg['smoother']['taps'])\n"
                "y = run(jnp.ones(8), CONFIG)\n"),
        # A list display, passed by keyword to a jitted name: the unsafe fix passes a tuple.
        Invalid(_JNP + "def scale(x, factors):\n    return x * sum(factors)\n"
                "fast = jax.jit(scale, static_argnames='factors')\n"
                "y = fast(jnp.ones(2), factors=[1.0, 2.0])\n",
                _JNP + "def scale(x, factors):\n    return x * sum(factors)\n"
                "fast = jax.jit(scale, static_argnames='factors')\n"
                "y = fast(jnp.ones(2), factors=(1.0, 2.0))\n", unsafe=True),
        # An optax transformation rebuilt at every iteration.
        Invalid(_JNP + "import optax\n"
                "@partial(jax.jit, static_argnums=0)\ndef fit(tx, p):\n"
                "    updates, _ = tx.update(p, tx.init(p), p)\n    return p + updates\n"
                "def sweep(ps, lr=0.1):\n    out = []\n    for p in ps:\n"
                "        tx = optax.sgd(lr)\n        out.append(fit(tx, p))\n    return out\n"
                "out = sweep([jnp.ones(2), jnp.zeros(2), jnp.ones(2)])\n"),
        # A lambda as a static argument in a loop.
        Invalid(_JNP + "@partial(jax.jit, static_argnames='act')\ndef layer(x, act):\n"
                "    return act(x)\n"
                "def run(x):\n    for _ in range(3):\n        x = layer(x, act=lambda v: v * 0.5)\n"
                "    return x\n"
                "y = run(jnp.ones(2))\n"),
        # A sweep over fractional values of a static scale, through the method that passes
        # it on: each value compiles anew (huggingface/diffusers#927). A sweep: its
        # compiles are counted on its first run.
        Invalid("# A sweep\n" + _JNP + "@partial(jax.jit, static_argnames='scale')\n"
                "def guided(x, scale):\n    return x * scale\n"
                "class Pipeline:\n    def __call__(self, x, scale=7.5):\n"
                "        return guided(x, scale=scale)\n"
                "def sweep(x):\n    pipe = Pipeline()\n    for scale in [7.5, 8.0, 9.5]:\n"
                "        x = pipe(x, scale=scale)\n    return x\n"
                "y = sweep(jnp.ones(3))\n"),
    ]
