from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.fixes.hoist import hoisted
from scanlint.rules import Invalid, Rule, RuleContext, with_fix
from scanlint.semantic.program import CallSite, Program
from scanlint.semantic.recompiles import (COMPILING, Fresh, fresh, made_when, only_called,
                                          repeated, returned_and_called_in_loop, untraced,
                                          used_here)
from scanlint.semantic.tracing import ENTRY_WORDS

_JNP = "import jax\nimport jax.numpy as jnp\n"


class JitOfNewFunction(Rule):
    """
    ## What it does
    Finds `jax.jit` (`pjit`, `pmap`, `nnx.jit`, `equinox.filter_jit`) applied to a
    function made anew each time: a lambda, a def inside the function, a
    `functools.partial`, or what a transformation returns (`jax.value_and_grad(loss)`,
    `jax.vmap(f)`), at every iteration of a Python loop, or at every call of a function the
    file calls in a Python loop (a method called per training step), where the jitted
    function is used right there (called at once, or bound to a name only called) and not
    kept, or is returned by a factory whose caller in a loop calls it, or is stored on the
    object by a method the loop calls (`self.step = jax.jit(partial(update, lr))` in
    `set_lr`). A decorator counts too (`@nnx.jit` on a def inside `training_step`).

    The same module-level function jitted inside a loop is not reported (jit's cache hits),
    nor a jit made once and kept (in `__init__`, at module level, returned by a factory), nor
    code JAX traces itself (a jit inside a jitted function compiles with it, once), nor a
    loop over a display (`for depth in (8, 32)`: one compile per listed configuration, as
    the loop asks).

    ## Why is this bad?
    `jax.jit` keeps compiled code per function object: a new lambda, closure, `partial` or
    transformed function is a new key, so every iteration (every step) traces and compiles
    again, typically 10-1000 times slower than the computation. A test runs the invalid
    cases below under JAX and counts the compiles.

    ## Example
    ```python
    for _ in range(n_steps):
        u = jax.jit(lambda v: heat_step(v, alpha, dx))(u)
    ```

    ## Use instead
    ```python
    step = jax.jit(lambda v: heat_step(v, alpha, dx))
    for _ in range(n_steps):
        u = step(u)
    ```
    The fix does this when the jit is made in the loop and may leave it: nothing it reads
    is rebound in the loop, and no object whose attribute it reads is changed there (a
    traced function reads those when it is traced: once, after the fix). Made at every call
    of a function, it gets no fix: make it once (module level, `__init__`).
    """

    CODE = "SCN306"
    NAME = "jit-of-new-function"
    MESSAGE = ("`{jit}` is applied to {what}, made anew at every {when}: jit caches compiled "
               "code per function object, so each {unit} traces and compiles again")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        program.prepare(ENTRY_WORDS)
        for site in list(program.calls):
            q = program.qualified(site.node.func, site.scope)
            if q not in COMPILING or not site.node.args or not untraced(program, site.scope):
                continue
            made = fresh(program, site.node.args[0], site.scope)
            if made is None or not used_here(program, site.node, site):
                continue
            found = self._finding(ctx, program, site, q, made, site.node)
            if found is not None:
                yield found
        for scope in list(program.scopes.values()):
            if scope.kind != "function" or scope.is_lambda or scope.parent is None or \
                    scope.parent.kind != "function" or not untraced(program, scope.parent):
                continue
            for decorator in scope.decorators:
                func = decorator.func if isinstance(decorator, ast.Call) else decorator
                q = program.qualified(func, scope.parent)
                if q not in COMPILING:
                    continue
                made = fresh(program, ast.Name(id=scope.name, ctx=ast.Load()), scope.parent)
                bind = next((b for b in scope.parent.bindings.get(scope.name, ())
                             if b.node is scope.node), None)
                if made is None or bind is None:
                    continue
                if not only_called(program, bind) and not returned_and_called_in_loop(
                        program, bind, scope.parent):
                    continue
                statement = program.statement_of.get(id(scope.node))
                site = CallSite(decorator if isinstance(decorator, ast.Call) else ast.Call(
                    func=decorator, args=[], keywords=[]), scope.parent, bind.loops, statement,
                    None)
                found = self._finding(ctx, program, site, q, made, decorator, decorated=True)
                if found is not None:
                    yield found

    def _finding(self, ctx: RuleContext, program: Program, site: CallSite, q: str,
                 made: Fresh, node: ast.AST, decorated: bool = False) -> Diagnostic | None:
        where = repeated(program, made, site)
        if where is None:
            return None
        jit = program.source(site.node.func if not decorated else node)
        if isinstance(node, ast.Call) and not decorated:
            jit = program.source(node.func)
        when, unit = made_when(where)
        message = self.MESSAGE.format(jit=jit, what=made.what, when=when, unit=unit)
        if where.loop is not None and isinstance(made.made, ast.Attribute):
            # A bound method's body reads its object, which the loop may change through
            # any call: jitted once, it would keep the first state it traced.
            fix = "the method reads its object, which the loop may change"
        elif where.loop is not None:
            fix = "it is a decorator" if decorated else hoisted(
                program, site.node, site.loops, site.scope, _hint(site.node))
        elif where.function is not None and where.function.name in ("__init__", "setup",
                                                                    "__post_init__"):
            fix = "make the object once, before the loop, or jit the function at module level"
        else:
            fix = "make it once (at module level, or in `__init__`) and call that"
        message, fix_or_none = with_fix(message, fix)
        return ctx.diagnostic_at(self, node, message, fix_or_none)

    VALID = [
        # A benchmark over a display of depths: one compile per listed configuration, as
        # the loop asks (its shapes change with the depth anyway).
        "# One compile per listed configuration\n" + _JNP +
        "def loss(w, x):\n    return jnp.sum((x @ w) ** 2)\n"
        "def bench(x):\n    for depth in (4, 8):\n        w = jnp.ones((x.shape[1], depth))\n"
        "        jax.jit(jax.grad(loss))(w, x)\n"
        "bench(jnp.ones((2, 3)))\n",
        # A factory's jitted defs made once per configuration and kept, not called anew.
        _JNP + "def factorize(a):\n    @jax.jit\n    def project(x):\n"
        "        return x * a\n    return project\n"
        "projections = [factorize(a) for a in (1.0, 2.0)]\n"
        "y = [p(jnp.ones(3)) for p in projections for _ in range(3)]\n",
        # The same module-level function, jitted in the loop: jit's cache hits.
        _JNP + "def step(u, a):\n    return u * a\n"
        "def advance(u, n):\n    for _ in range(n):\n"
        "        u = jax.jit(step, static_argnames='a')(u, a=0.5)\n    return u\n"
        "u = advance(jnp.ones(3), 4)\n",
        # Jitted once in __init__ and kept.
        _JNP + "def step(u):\n    return u * 0.5\n"
        "class Sim:\n    def __init__(self):\n        self.step = jax.jit(lambda u: step(u))\n"
        "    def run(self, u, n):\n        for _ in range(n):\n            u = self.step(u)\n"
        "        return u\n"
        "u = Sim().run(jnp.ones(3), 4)\n",
        # A factory returning the jitted closure (the caller keeps it).
        _JNP + "def make(a):\n    return jax.jit(lambda u: u * a)\n"
        "steps = [make(a) for a in (0.5, 0.25)]\n",
        # A lambda made once, jitted in a loop: the same object each time.
        _JNP + "def run(u, n):\n    f = lambda v: v * 0.5\n"
        "    for _ in range(n):\n        u = jax.jit(f)(u)\n    return u\n"
        "u = run(jnp.ones(2), 3)\n",
        # Inside a jitted function: the inner jit compiles with the outer one.
        _JNP + "@jax.jit\ndef outer(u):\n    for k in range(3):\n"
        "        u = jax.jit(lambda v: v * k)(u)\n    return u\n"
        "u = outer(jnp.ones(2))\n",
    ]

    INVALID = [
        # An estimator cloned per fold (`type(est)(...)`), each fit jitting a new partial
        # (https://github.com/flatironinstitute/nemos/issues/547).
        Invalid("from functools import partial\n" + _JNP +
                'def loss(x, strength):\n'
                '    return jnp.sum(x ** 2) * strength\n'
                'class GLM:\n'
                '    def __init__(self, strength):\n'
                '        self.strength = strength\n'
                '    def fit(self, x):\n'
                '        self._run = jax.jit(partial(loss, strength=self.strength))\n'
                '        return self._run(x)\n'
                'def clone(est):\n'
                '    return type(est)(est.strength)\n'
                'def cross_validate(base, xs):\n'
                '    for x in xs:\n'
                '        clone(base).fit(x)\n'
                'cross_validate(GLM(0.1), [jnp.ones(3)] * 3)\n'),
        # A sampler made per call, whose `__call__` jits its inner def under the same name
        # (https://github.com/keras-team/keras-hub/issues/779).
        Invalid(_JNP +
                'class Sampler:\n'
                '    def __call__(self, prompt, n):\n'
                '        def sample(prompt):\n'
                '            return jax.lax.fori_loop(0, n, lambda i, t: t * 2, prompt)\n'
                '        sample = jax.jit(sample)\n'
                '        return sample(prompt)\n'
                'def generate(prompt, sampler="greedy"):\n'
                '    sampler = Sampler()\n'
                '    return sampler(prompt, 3)\n'
                'for _ in range(3):\n'
                '    generate(jnp.ones(2))\n'),
        # A factory returning a jit of a new `partial`, called at every epoch, and a method
        # storing one on the object at every call (https://github.com/google-deepmind/
        # optax/pull/48: a new optimizer for each learning rate).
        Invalid(_JNP + "import functools\n"
                "def update(lr, w, g):\n    return w - lr * g\n"
                "def make_update(lr):\n    return jax.jit(functools.partial(update, lr))\n"
                "def train(w, epochs):\n    for epoch in range(epochs):\n"
                "        step = make_update(0.1 / (epoch + 1))\n"
                "        w = step(w, jnp.ones_like(w))\n    return w\n"
                "w = train(jnp.ones(3), 3)\n"),
        Invalid(_JNP + "import functools\n"
                "def update(lr, w, g):\n    return w - lr * g\n"
                "class Trainer:\n    def __init__(self, w):\n        self.w = w\n"
                "        self.set_lr(0.1)\n"
                "    def set_lr(self, lr):\n"
                "        self.step = jax.jit(functools.partial(update, lr))\n"
                "    def fit(self):\n        self.w = self.step(self.w, jnp.ones_like(self.w))\n"
                "def train(w, epochs):\n    trainer = Trainer(w)\n"
                "    for epoch in range(epochs):\n"
                "        trainer.set_lr(0.1 / (epoch + 1))\n        trainer.fit()\n"
                "train(jnp.ones(3), 3)\n"),
        # A factory making a jitted def, called in a loop whose iterations call what it
        # returns (DESC, https://github.com/PlasmaControl/DESC/pull/1043).
        Invalid(_JNP + "def factorize(a):\n    @jax.jit\n    def project(x):\n"
                "        return x * a\n    return project\n"
                "def solve(x, n):\n    for _ in range(n):\n        project = factorize(2.0)\n"
                "        x = project(x)\n    return x\n"
                "y = solve(jnp.ones(3), 3)\n"),
        # ... or calling it at once (`make_step(scale)(x)`).
        Invalid(_JNP + "def make_step(scale):\n    @jax.jit\n    def step(x):\n"
                "        return x * scale\n    return step\n"
                "def run(x, n):\n    for _ in range(n):\n        x = make_step(0.5)(x)\n"
                "    return x\n"
                "y = run(jnp.ones(3), 3)\n"),
        # A bound method jitted in the loop: every read of `self.step` is a new object
        # (https://github.com/jax-ml/jax/issues/9672).
        Invalid(_JNP + "class Integrator:\n    def __init__(self, dt):\n        self.dt = dt\n"
                "    def step(self, x):\n        return x - self.dt * x\n"
                "    def run(self, x, n):\n        for _ in range(n):\n"
                "            x = jax.jit(self.step)(x)\n        return x\n"
                "x = Integrator(0.1).run(jnp.ones(3), 3)\n"),
        # ... also of an object given as a parameter, whose class only a caller shows
        # (https://github.com/jax-ml/jax/issues/15338).
        Invalid(_JNP + "class Noise:\n    def __init__(self, scale):\n        self.scale = scale\n"
                "    def draw(self, key):\n        return self.scale * jax.random.normal(key)\n"
                "def collect(source, key, n):\n    out = []\n    for _ in range(n):\n"
                "        key, sub = jax.random.split(key)\n"
                "        out.append(jax.jit(source.draw)(sub))\n    return out\n"
                "x = collect(Noise(0.5), jax.random.PRNGKey(0), 3)\n"),
        # A jitted lambda in a method's loop: hoisted.
        Invalid(_JNP + "def heat(u, alpha):\n    return u + alpha * (jnp.roll(u, 1) - u)\n"
                "class Sim:\n    def __init__(self, alpha):\n        self.alpha = alpha\n"
                "    def advance(self, u, n):\n        for _ in range(n):\n"
                "            u = jax.jit(lambda v: heat(v, self.alpha))(u)\n"
                "        return u\n"
                "u = Sim(0.1).advance(jnp.ones(4), 3)\n",
                _JNP + "def heat(u, alpha):\n    return u + alpha * (jnp.roll(u, 1) - u)\n"
                "class Sim:\n    def __init__(self, alpha):\n        self.alpha = alpha\n"
                "    def advance(self, u, n):\n"
                "        jitted_step = jax.jit(lambda v: heat(v, self.alpha))\n"
                "        for _ in range(n):\n"
                "            u = jitted_step(u)\n"
                "        return u\n"
                "u = Sim(0.1).advance(jnp.ones(4), 3)\n"),
        # jit of value_and_grad in nested loops: hoisted out of both.
        Invalid(_JNP + "def loss(w, x):\n    return jnp.sum((x * w) ** 2)\n"
                "def train(w, batches, epochs):\n    for _ in range(epochs):\n"
                "        for x in batches:\n"
                "            l, g = jax.jit(jax.value_and_grad(loss))(w, x)\n"
                "            w = w - 0.1 * g\n    return w\n"
                "w = train(1.0, [jnp.ones(2)], 2)\n",
                _JNP + "def loss(w, x):\n    return jnp.sum((x * w) ** 2)\n"
                "def train(w, batches, epochs):\n"
                "    jitted_loss = jax.jit(jax.value_and_grad(loss))\n"
                "    for _ in range(epochs):\n"
                "        for x in batches:\n"
                "            l, g = jitted_loss(w, x)\n"
                "            w = w - 0.1 * g\n    return w\n"
                "w = train(1.0, [jnp.ones(2)], 2)\n"),
        # A partial of a name the loop rebinds: reported, not hoisted.
        Invalid("import functools\n" + _JNP + "def scale(u, a):\n    return u * a\n"
                "def run(u, rates):\n    for a in rates:\n"
                "        u = jax.jit(functools.partial(scale, a=a))(u)\n    return u\n"
                "u = run(jnp.ones(2), [0.5, 0.25, 0.125])\n"),
        # nnx.jit on a def inside a method the file calls in a loop.
        Invalid(_JNP + "from flax import nnx\n"
                "class Trainer:\n    def __init__(self, model):\n        self.model = model\n"
                "    def training_step(self, x):\n"
                "        @nnx.jit\n        def step(model):\n            return model(x).sum()\n"
                "        return step(self.model)\n"
                "def main():\n    trainer = Trainer(nnx.Linear(2, 2, rngs=nnx.Rngs(0)))\n"
                "    for _ in range(3):\n        trainer.training_step(jnp.ones(2))\n"
                "main()\n"),
        # A jit made in `__post_init__` of an object made anew for every run of a loop
        # (jaxopt's scipy wrappers: https://github.com/google/jaxopt/issues/221).
        Invalid(_JNP + "import dataclasses\n"
                "@dataclasses.dataclass(eq=False)\nclass Minimize:\n    fun: object\n"
                "    def __post_init__(self):\n"
                "        self._grad = jax.jit(jax.grad(self.fun))\n"
                "    def run(self, x):\n        return x - 0.1 * self._grad(x)\n"
                "def loss(x):\n    return (x - 2.0) ** 2\n"
                "def solve_all(starts):\n    out = []\n    for x0 in starts:\n"
                "        out.append(Minimize(loss).run(x0))\n    return out\n"
                "out = solve_all([jnp.float32(1.0), jnp.float32(3.0), jnp.float32(5.0)])\n"),
        # jax.jit of the wrapper a factory of the file returns, in a function called in a
        # loop (unxt's `jax.jit(quaxify(f))`).
        Invalid(_JNP + "def wrap(fn):\n    def wrapper(*args):\n        return fn(*args)\n"
                "    return wrapper\n"
                "def energy(x):\n    return x * 2.0\n"
                "def outer(x):\n    return jax.jit(wrap(energy))(x)\n"
                "def run(x):\n    for _ in range(3):\n        x = outer(x)\n    return x\n"
                "x = run(jnp.ones(3))\n"),
        # jax.jit of each model's bound method in a loop over the models (equinox's
        # `jax.jit(m.foo)`).
        Invalid(_JNP + "class Model:\n    def __init__(self, y):\n        self.y = y\n"
                "    def foo(self, x):\n        return self.y * x\n"
                "def evaluate(models, x):\n    outs = []\n    for m in models:\n"
                "        outs.append(jax.jit(m.foo)(x))\n    return outs\n"
                "outs = evaluate([Model(1.0), Model(2.0), Model(3.0)], jnp.ones(3))\n"),
        # jax.jit of a closure, bound to a name only called, in a function called in a loop.
        Invalid(_JNP + "def evaluate(params, x):\n"
                "    def predict(x):\n        return jnp.tanh(params * x)\n"
                "    fast = jax.jit(predict)\n    return fast(x)\n"
                "outputs = [evaluate(p, jnp.ones(3)) for p in (0.5, 1.0, 2.0)]\n"),
    ]


def _hint(call: ast.Call) -> str:
    """A name for the hoisted jitted function: `jitted_` and what it wraps."""
    inner = call.args[0]
    while isinstance(inner, ast.Call) and inner.args:
        inner = inner.args[0]
    if isinstance(inner, ast.Name):
        return f"jitted_{inner.id}"
    if isinstance(inner, ast.Attribute):
        return f"jitted_{inner.attr}"
    return "jitted_step"
