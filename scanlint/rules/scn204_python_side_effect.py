from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix
from scanlint.fixes.edits import ReplaceById, fix_from_module
from scanlint.rules import Invalid, Rule, RuleContext, with_fix
from scanlint.semantic.carry import StepFunction, step_function
from scanlint.semantic.effects import Region, python_effects
from scanlint.semantic.model import ScanSite
from scanlint.semantic.scopes import import_qualified_name


class PythonSideEffect(Rule):
    """
    ## What it does
    Finds Python side effects inside a loop body: `print(...)`; a logging call
    (`logging.info(...)`, `log.info(...)` on a `logging.getLogger(...)` logger, absl's
    `logging`); a draw from NumPy's or Python's global random generator (`np.random.normal()`,
    `random.random()`); mutating a list, dict or set that lives outside the body
    (`history.append(x)`, `self.losses.append(x)`, a call whose result is dropped on an
    attribute of an object defined outside the body), or storing into it or into a NumPy
    array made outside it (`calls[0] += 1`, `counter["steps"] += 1`, `cache[k] = v`);
    `next(it)` on an iterator made outside the body (also one the body gets as a parameter
    the loop does not pass: bound by `functools.partial(body, batches=gen)` or a default,
    `def body(state, batches=gen)`); assigning an attribute of an object made outside it
    (`self.count += 1`); assigning a `global` or `nonlocal` name, in the body or in a
    function of the file it calls (three calls deep: `global _KEY; _KEY, sub =
    split(_KEY)`, `_STEP += 1` in a helper; a rebinding under a test of the same name, `if
    _CACHE is None: _CACHE = ...`, is a lazy initialisation and not counted). A body a factory
    of the file makes (`scan(make_step(history), ...)`) counts as the factory's def, a
    decorator of the file (`@progress(n)`) adds what its wrapper def runs, and a
    container its caller passes to the factory as one defined outside the body. Filling a
    container under a test of that same container (`if key not in cache: cache[key] = ...`,
    `if len(shapes) < n: shapes.append(...)`) is a deliberate trace-time cache and is not
    reported.

    Also a call in the body of a method of the file's own class on an object defined outside
    the body (`dist.log_prob(x)`, `layer(x)` for its `__call__`, `self.memory.store(c)`,
    `self.correct(c)`) when the method, or a method it calls on `self` or on an object it
    holds, assigns an attribute of its object (`self._last = loc`, `self.count += 1`) or
    changes a container it holds (`self.items.append(v)`, `self.table[k] = v`). The object's
    class is known when a name is bound only to `Class(...)` (module level or in an enclosing
    function), every call of the enclosing function in the file passes one, it is the
    method's `self`, or every method of the class assigns `self.attr` only `Class(...)`.
    Only plain classes count: bases of the file's plain classes, `object`, `abc.ABC` or
    `typing.Generic`, no decorator but a non-frozen `dataclasses.dataclass` (a flax, haiku or
    equinox module sets its attributes under its framework's rules; a frozen dataclass's
    `object.__setattr__` is not an assignment). A guard does not make an attribute safe:
    `if self.w is None: self.w = ...` runs inside the trace when the body makes the first
    call, and is reported unless the object is called before the loop outside any body
    (`layer(x0)`), in the scope that binds it; a container filled under a test of that
    container is a deliberate cache, as in the body.

    The file's functions and methods the body calls are read too, three calls deep, and an
    effect there is reported at the body's call (`energy(...)`, which runs `print(...)`);
    there, a `print` or log call under an `if` is taken for a warning meant to show once,
    when JAX traces, and is not reported.

    ## Why is this bad?
    JAX runs the body's Python once, to trace it, not once per iteration. The print shows
    tracers once; the list gets one tracer (which leaks out of the trace); the counter goes up
    by one however many steps run; an object's attribute keeps a tracer (a layer's lazily
    built weights, a cached value: "unexpected tracer" when used later); `next` draws one item, which every step then uses (the
    same batch, the same key); the global holds a tracer; the log line is written once; the
    random number is drawn once and every step adds the same noise. None of it happens per
    step.

    ## Example
    ```python
    def step(c, x):
        print("carry", c)
        history.append(c)
        return c + x, c
    ```

    ## Use instead
    ```python
    def step(c, x):
        jax.debug.print("carry {}", c)
        return c + x, c      # collect per-step values as the scan's `y` output
    ```

    ## Fix safety
    `print(...)` with positional arguments becomes `jax.debug.print` with a `{}` for each
    value and the string literals folded into the format. The fix is unsafe: the program then
    prints at every step when it runs, which is the point but is a change. It is offered only
    when the module imports `jax` under that name, and not when a printed value is known at
    trace time (`x.shape`, `x.dtype`, `x.ndim`, `x.size`, `len(x)`): `jax.debug.print`
    would show `(2,)` as `(Array(2, dtype=int32),)`.
    """

    CODE = "SCN204"
    NAME = "python-side-effect"
    MESSAGE = "{what} runs once, when JAX traces the body, not at every step"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        seen: set[int] = set()
        for site in ctx.model.sites:
            for ref in site.bodies:
                step = step_function(ctx.model, site, ref.role, methods=True)
                if step is None or id(step.node) in seen:
                    continue
                seen.add(id(step.node))
                yield from self._effects(ctx, step, site)
                yield from self._wrapper_effects(ctx, step, seen)

    def _wrapper_effects(self, ctx: RuleContext, step: StepFunction,
                         seen: set[int]) -> Iterator[Diagnostic]:
        """What a decorator of the file wraps the body in runs in the body too (mcx's
        `@progress_bar_scan(n)` printed once, at trace time:
        https://github.com/rlouf/mcx/issues/69). No fix: the wrapper may wrap other
        functions."""
        for decorator in getattr(step.node, "decorators", ()):
            wrapper = ctx.model.decorator_wrapper(decorator.decorator, step.scope)
            scope = ctx.model.scope_of.get(id(wrapper)) if wrapper is not None else None
            if wrapper is None or scope is None or id(wrapper) in seen:
                continue
            seen.add(id(wrapper))
            yield from self._reported(ctx, python_effects(
                ctx.model, Region.of_helper(wrapper, scope), deep=True, warnings=False),
                fixable=False)

    def _effects(self, ctx: RuleContext, step: StepFunction,
                 site: ScanSite) -> Iterator[Diagnostic]:
        yield from self._reported(ctx, _find_effects(ctx, step, site), fixable=True)

    def _reported(self, ctx: RuleContext, effects, fixable: bool) -> Iterator[Diagnostic]:
        """A diagnostic per (node, what) effect; a `print` gets the `jax.debug.print` fix
        when ``fixable``."""
        for node, what in effects:
            fix = _print_fix(ctx, node) if fixable and what.startswith("`print") else (
                "move it out of the loop, or into `jax.debug.callback`")
            message, fix = with_fix(self.MESSAGE.format(what=what), fix)
            yield ctx.diagnostic(self, node, message, fix=fix)

    VALID = [
        # A counter named for traces counts the body's traces on purpose.
        "import jax\nimport jax.numpy as jnp\nTRACES = {'body': 0}\n"
        "def body(c, x):\n    TRACES['body'] += 1\n    return c + x, c\n"
        "out = jax.lax.scan(body, 0.0, jnp.ones(3))\n",
        # A helper's warning under a condition on static values: once per trace, by design.
        "import jax\nimport jax.numpy as jnp\n"
        "def fold(x, factor):\n    if x.shape[0] < factor:\n"
        "        print('grid may be too small:', x.shape)\n    return x * 2.0\n"
        "def body(c, x):\n    return fold(c, 4) + x, c\n"
        "out = jax.lax.scan(body, jnp.ones(2), jnp.ones((3, 2)))\n",
        "import jax\ndef step(c, x):\n    jax.debug.print('c {}', c)\n    return c + x, c\n"
        "out = jax.lax.scan(step, 0.0, None, length=2)\n",
        # A list local to the body is not shared state.
        "import jax\ndef step(c, x):\n    parts = []\n    parts.append(c)\n    return c + x, c\n"
        "out = jax.lax.scan(step, 0.0, None, length=2)\n",
        # `update` whose result is the new carry: an object's method, not dict.update.
        "import jax\nacc = make_accumulator()\ndef body(i, c):\n"
        "    return acc.update(c, i)\nout = jax.lax.fori_loop(0, 3, body, 0)\n",
        # Stores into the body's own list, into a JAX Ref, and `next` on the body's own
        # iterator are not shared Python state.
        "import jax\ndef step(c, x):\n    parts = [c, x]\n    parts[0] = c * 2\n"
        "    return parts[0] + x, c\nout = jax.lax.scan(step, 0.0, None, length=2)\n",
        "import jax\nimport jax.numpy as jnp\ndef run(xs):\n    acc = jax.new_ref(jnp.zeros(()))\n"
        "    def step(c, x):\n        acc[...] = acc[...] + x\n        return c + x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        "import jax\ndef step(c, x):\n    it = iter([c, x])\n    first = next(it)\n"
        "    return first + x, c\nout = jax.lax.scan(step, 0.0, None, length=2)\n",
        # A cache filled once, under a test of the cache itself: deliberate, at trace time.
        "import jax\nshapes = []\ndef step(c, x):\n    if len(shapes) < 1:\n"
        "        shapes.append(jax.numpy.shape(c))\n    return c + x, c\n"
        "out = jax.lax.scan(step, 0.0, None, length=2)\n",
        # A print outside any loop body is not ours.
        "import jax\nprint('start')\n",
        # A generator made in the body (seeded, no global state), jax.random, a log call
        # through jax.debug.callback (at every step), an attribute's method whose result is
        # the new carry.
        "import numpy as np\nimport jax\ndef step(c, x):\n"
        "    rng = np.random.default_rng(0)\n    return c + x, c\n"
        "out = jax.lax.scan(step, 0.0, None, length=2)\n",
        "import jax\ndef step(c, k):\n    return c + jax.random.normal(k), c\n"
        "out = jax.lax.scan(step, 0.0, jax.random.split(jax.random.PRNGKey(0), 3))\n",
        "import logging\nimport jax\nlog = logging.getLogger(__name__)\n"
        "def body(i, v):\n    jax.debug.callback(lambda s: log.info('step %s', s), i)\n"
        "    return v * 2\nout = jax.lax.fori_loop(0, 3, body, 1.0)\n",
        "import jax\nclass Opt:\n    def run(self, xs):\n        def step(c, x):\n"
        "            return self.state.update(c, x), c\n"
        "        return jax.lax.scan(step, 0.0, xs)\n",
        # A name that is not a logger (a local helper object with an `info` method).
        "import jax\nfrom mylib import Tracker\ntracker = Tracker()\n"
        "def step(c, x):\n    tracker.info(c)\n    return c + x, c\n"
        "out = jax.lax.scan(step, 0.0, None, length=2)\n",
        # A body made by a factory that only reads the list its caller passes, or stores
        # into its own.
        "import jax\ndef make_step(weights):\n    def step(c, x):\n        seen = []\n"
        "        seen.append(x)\n        return c + weights[0] * x, c\n    return step\n"
        "out = jax.lax.scan(make_step([0.5]), 0.0, jax.numpy.ones(3))\n",
        # Methods of the file's classes called on objects from outside the body that do
        # not change them: a lazy layer called once before the loop (set up with a
        # concrete value there), a frozen dataclass's own `object.__setattr__`, a cache
        # filled under a test of itself, a framework module (an outside base sets its
        # attributes under its own rules), a method storing into its own dict.
        "import jax\nimport jax.numpy as jnp\nclass Norm:\n    def __init__(self):\n"
        "        self.scale = None\n    def __call__(self, x):\n"
        "        if self.scale is None:\n            self.scale = jnp.std(x)\n"
        "        return x / self.scale\nnorm = Norm()\nnorm(jnp.ones(3))\n"
        "def step(c, x):\n    return c + norm(x).sum(), c\n"
        "out = jax.lax.scan(step, 0.0, jnp.ones((2, 3)))\n",
        "import dataclasses\nimport jax\n@dataclasses.dataclass(frozen=True)\n"
        "class Scale:\n    k: float\n    def apply(self, x):\n"
        "        object.__setattr__(self, 'seen', True)\n        return x * self.k\n"
        "scale = Scale(2.0)\ndef body(i, v):\n    return scale.apply(v)\n"
        "out = jax.lax.fori_loop(0, 3, body, 1.0)\n",
        "import jax\nclass Table:\n    def __init__(self):\n        self._cache = {}\n"
        "    def lookup(self, n):\n        if n not in self._cache:\n"
        "            self._cache[n] = list(range(n))\n        return self._cache[n]\n"
        "table = Table()\ndef step(c, x):\n    return c + len(table.lookup(3)) * x, c\n"
        "out = jax.lax.scan(step, 0.0, jax.numpy.ones(2))\n",
        "import jax\nimport flax.linen as nn\nclass Dense(nn.Module):\n"
        "    def __call__(self, x):\n        self.last = x\n        return x\n"
        "def run(model, params, xs):\n    layer = Dense()\n    def step(c, x):\n"
        "        return c + layer(x), c\n    return jax.lax.scan(step, 0.0, xs)\n",
        "import jax\nclass Gauss:\n    def __init__(self, scale):\n        self.scale = scale\n"
        "    def log_prob(self, loc, x):\n        parts = {}\n"
        "        parts['z'] = (x - loc) / self.scale\n        return -0.5 * parts['z'] ** 2\n"
        "dist = Gauss(1.0)\ndef step(c, x):\n    return c, dist.log_prob(c, x)\n"
        "out = jax.lax.scan(step, 0.0, jax.numpy.ones(3))\n",
        # A helper of the file that sets a global only under a test of it (a lazy
        # initialisation), or only reads one; a generator bound by a partial but not advanced.
        "import functools\nimport jax\nimport numpy as np\n_TABLE = None\n"
        "def table():\n    global _TABLE\n    if _TABLE is None:\n"
        "        _TABLE = np.linspace(0.0, 1.0, 5)\n    return _TABLE\n"
        "SCALE = 2.0\ndef scale():\n    return SCALE\n"
        "def step(c, x, batches):\n    return c + table()[0] * scale() + x, c\n"
        "out = jax.lax.scan(functools.partial(step, batches=iter([1, 2])), 0.0, "
        "jax.numpy.ones(2))\n",
    ]

    INVALID = [
        # A decorator factory of the file wraps the body in a printing wrapper
        # (https://github.com/rlouf/mcx/issues/69).
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def progress(total):\n    def decorate(func):\n"
                "        def wrapper(carry, x):\n            print(f'step {x} of {total}')\n"
                "            return func(carry, x)\n        return wrapper\n    return decorate\n"
                "@progress(3)\ndef step(c, x):\n    return c + x, c\n"
                "out = jax.lax.scan(step, 0.0, jnp.arange(3.0))\n"),
        # A debug print in a helper the body calls (and differentiates): it shows a tracer
        # once (https://github.com/jax-ml/jax/issues/4615).
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "def energy(p, x):\n    e = -jnp.sum(jnp.cos(p * x))\n"
                "    print('energy', e)\n    return e\n"
                "def body(p, x):\n    return p - 0.1 * jax.grad(energy)(p, x), energy(p, x)\n"
                "out = jax.lax.scan(body, jnp.ones(2), jnp.ones((3, 2)))\n"),
        # Host RNGs draw once, when traced.
        Invalid("import numpy as np\nimport jax\ndef step(c, _):\n"
                "    return c + np.random.normal(), c\n"
                "out = jax.lax.scan(step, 0.0, None, length=3)\n"),
        Invalid("import random\nfrom jax import lax\ndef body(i, v):\n"
                "    return v + random.random()\nout = lax.fori_loop(0, 3, body, 0.0)\n"),
        Invalid("from numpy import random as npr\nimport jax\n"
                "out = jax.lax.scan(lambda c, x: (c + npr.uniform(), c), 0.0, None, length=3)\n"),
        # Logging: a module-level logger, absl's module, a logger made inline.
        Invalid("import logging\nimport jax\nlog = logging.getLogger(__name__)\n"
                "def body(i, v):\n    log.info('step %s', i)\n    return v * 2\n"
                "out = jax.lax.fori_loop(0, 3, body, 1.0)\n"),
        Invalid("from absl import logging\nimport jax\ndef step(c, x):\n"
                "    logging.warning('carry %s', c)\n    return c + x, c\n"
                "out = jax.lax.scan(step, 0.0, None, length=2)\n"),
        Invalid("import logging\nfrom jax import lax\ndef cond(v):\n"
                "    logging.getLogger('loop').debug('v=%s', v)\n    return v < 10\n"
                "out = lax.while_loop(cond, lambda v: v + 1, 0)\n"),
        # A list held in an attribute, from a method's nested body or a module-level object.
        Invalid("import jax\nclass Trainer:\n    def __init__(self):\n        self.log = []\n"
                "    def run(self, xs):\n        def step(c, x):\n"
                "            self.log.append(c)\n            return c + x, c\n"
                "        return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("import jax\nclass Box:\n    pass\nbox = Box()\nbox.seen = {}\n"
                "def step(c, x):\n    box.seen.update(last=c)\n    return c + x, c\n"
                "out = jax.lax.scan(step, 0.0, None, length=2)\n"),
        # A method as the body changes its object.
        Invalid("import jax\nclass Counter:\n    def __init__(self):\n        self.n = 0\n"
                "    def step(self, c, x):\n        self.n += 1\n        return c + x, c\n"
                "    def run(self, xs):\n        return jax.lax.scan(self.step, 0.0, xs)\n"),
        Invalid("from jax import lax\ncalls = [0]\ndef body(v):\n    calls[0] += 1\n"
                "    return v + 1\nout = lax.while_loop(lambda v: v < 10, body, 0)\n"),
        Invalid("import jax\nimport collections\ndef run(xs):\n"
                "    counter = collections.Counter()\n    def step(c, x):\n"
                "        counter['steps'] += 1\n        return c + x, c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("import jax\nimport numpy as np\nbuffer = np.zeros(5)\n"
                "def body(i, v):\n    buffer[i] = v\n    return v + 1.0\n"
                "out = jax.lax.fori_loop(0, 5, body, 0.0)\n"),
        Invalid("from jax import lax\ndef train(params, batches, n):\n"
                "    def body(i, p):\n        batch = next(batches)\n        return p - batch\n"
                "    return lax.fori_loop(0, n, body, params)\n"),
        Invalid("import jax\nclass Model:\n    def run(self, xs):\n"
                "        def step(c, x):\n            self.calls += 1\n            return c + x, c\n"
                "        return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("from jax import lax\ndef run(n):\n    count = 0\n    def body(i, v):\n"
                "        nonlocal count\n        count = count + 1\n        return v + i\n"
                "    return lax.fori_loop(0, n, body, 0)\n"),
        Invalid("import jax\ndef step(c, x):\n    print('carry', c)\n    return c + x, c\n"
                "out = jax.lax.scan(step, 0.0, None, length=2)\n",
                "import jax\ndef step(c, x):\n    jax.debug.print('carry {}', c)\n"
                "    return c + x, c\nout = jax.lax.scan(step, 0.0, None, length=2)\n",
                unsafe=True),
        # A shape is known when the body is traced: no fix (it would print as arrays).
        Invalid("import jax\ndef step(c, x):\n    print('shape', c.shape, x)\n    return c + x, c\n"
                "out = jax.lax.scan(step, 0.0, None, length=2)\n"),
        Invalid("import jax\nhistory = []\ndef run(xs):\n    def step(c, x):\n"
                "        history.append(c)\n        return c + x, c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("from jax import lax\ncount = 0\ndef body(i, v):\n    global count\n"
                "    count = count + 1\n    return v\nout = lax.fori_loop(0, 3, body, 0)\n"),
        # A body made by a factory changes the container its caller passed in (the factory
        # called in the scan's arguments, or bound to a name first).
        Invalid("import jax\ndef make_step(log):\n    def step(c, x):\n        log.append(c)\n"
                "        return c + x, c\n    return step\nhistory = []\n"
                "out = jax.lax.scan(make_step(history), 0.0, jax.numpy.ones(3))\n"),
        # A method of the file's own class, called on an object from outside the body,
        # changes it: a module-level object's counter, a lazy initialisation first run
        # inside the body (`if self.scale is None:` does not make it safe), an object held
        # in `self.attr` appending to its list, an object every caller passes, a method
        # reached through another method of `self`.
        Invalid("import jax\nclass Stats:\n    def __init__(self):\n        self.count = 0\n"
                "    def update(self, v):\n        self.count += 1\n        return v * 0.5\n"
                "stats = Stats()\ndef body(i, v):\n    return stats.update(v)\n"
                "out = jax.lax.fori_loop(0, 3, body, 1.0)\n"),
        Invalid("import jax\nimport jax.numpy as jnp\nclass Norm:\n    def __init__(self):\n"
                "        self.scale = None\n    def __call__(self, x):\n"
                "        if self.scale is None:\n            self.scale = jnp.std(x)\n"
                "        return x / self.scale\ndef run(xs):\n    norm = Norm()\n"
                "    def step(c, x):\n        return c + norm(x).sum(), c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("import jax\nclass Memory:\n    def __init__(self):\n        self.items = []\n"
                "    def store(self, v):\n        self.items.append(v)\n"
                "class Agent:\n    def __init__(self):\n        self.memory = Memory()\n"
                "    def run(self, xs):\n        def step(c, x):\n"
                "            self.memory.store(c)\n            return c + x, c\n"
                "        return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("import jax\nclass Tracker:\n    def record(self, v):\n        self.last = v\n"
                "        return v\ndef run(tracker, xs):\n    def step(c, x):\n"
                "        return tracker.record(c + x), c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n"
                "out = run(Tracker(), jax.numpy.ones(3))\n"),
        Invalid("import jax\nclass Filter:\n    def _remember(self, v):\n        self.prev = v\n"
                "    def correct(self, v):\n        self._remember(v)\n        return v * 0.9\n"
                "    def run(self, xs):\n        def step(c, x):\n"
                "            return self.correct(c) + x, c\n"
                "        return jax.lax.scan(step, 0.0, xs)\n"),
        Invalid("from jax import lax\ndef make_counter(counts):\n    def body(i, v):\n"
                "        counts['steps'] += 1\n        return v * 2\n    return body\n"
                "def run(v0):\n    counts = {'steps': 0}\n    body = make_counter(counts)\n"
                "    return lax.fori_loop(0, 3, body, v0)\n"),
        # A helper of the file rebinds a global counter or key, itself or through another
        # helper (a test of it around a call does not make the rebinding safe).
        Invalid("import jax\n_STEP = 0\ndef next_step():\n    global _STEP\n"
                "    _STEP += 1\n    return _STEP\n"
                "def train(p, batch):\n    return p - 0.1 * next_step() * batch, p\n"
                "out = jax.lax.scan(train, 1.0, jax.numpy.ones(3))\n"),
        Invalid("import jax\n_KEY = None\ndef seed(s=0):\n    global _KEY\n"
                "    _KEY = jax.random.PRNGKey(s)\n"
                "def get_key():\n    global _KEY\n    if _KEY is None:\n        seed()\n"
                "    _KEY, sub = jax.random.split(_KEY)\n    return sub\n"
                "def normal(shape):\n    return jax.random.normal(get_key(), shape)\n"
                "def step(c, _):\n    return c + normal(c.shape), c\n"
                "out = jax.lax.scan(step, jax.numpy.zeros(2), None, length=3)\n"),
        # `next` on a generator the body gets through `functools.partial` or a default.
        Invalid("import functools\nimport jax\ndef keys(seed):\n"
                "    key = jax.random.PRNGKey(seed)\n    while True:\n"
                "        key, sub = jax.random.split(key)\n        yield sub\n"
                "def body(i, draws, keygen):\n"
                "    return draws.at[i].set(jax.random.uniform(next(keygen), (2,)))\n"
                "out = jax.lax.fori_loop(0, 3, functools.partial(body, keygen=keys(0)), "
                "jax.numpy.zeros((3, 2)))\n"),
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "batches = iter([jnp.zeros(2), jnp.ones(2)])\n"
                "def body(state, data=batches):\n    i, total = state\n"
                "    return i + 1, total + next(data).sum()\n"
                "out = jax.lax.while_loop(lambda s: s[0] < 2, body, (0, 0.0))\n"),
    ]


def _find_effects(ctx: RuleContext, step: StepFunction,
                  site: ScanSite) -> list[tuple[cst.CSTNode, str]]:
    return python_effects(ctx.model, Region.of_step(step, site.call), deep=True,
                          warnings=False)


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _static_value(expr: cst.BaseExpression) -> bool:
    """`x.shape`, `x.dtype`, `x.ndim`, `x.size`, `len(x)`: values known when the body is
    traced, which `print` shows as Python values and `jax.debug.print` as arrays."""
    if isinstance(expr, cst.Attribute):
        return expr.attr.value in ("shape", "dtype", "ndim", "size")
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) \
        and expr.func.value == "len"


def _print_fix(ctx: RuleContext, call: cst.Call) -> Fix | str | None:
    """The fix, or why there is none."""
    if import_qualified_name(ctx.model.module_scope, "jax") != "jax":
        return "the file does not import `jax` as `jax`"
    parts, values = [], []
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            return "`print` is given keyword or starred arguments"
        if isinstance(arg.value, cst.SimpleString) and "\\" not in arg.value.value:
            parts.append(str(arg.value.evaluated_value).replace("{", "{{").replace("}", "}}"))
        elif _static_value(arg.value):
            # `jax.debug.print` would show `x.shape` as a tuple of arrays
            return "it prints a value known at trace time, which `jax.debug.print` shows as arrays"
        else:
            parts.append("{}")
            values.append(arg.value)
    quote = "'" if all('"' not in p for p in parts) and "'" not in "".join(parts) else '"'
    if quote in "".join(parts):
        return "its strings hold both kinds of quotes"
    new_call = cst.Call(
        func=cst.parse_expression("jax.debug.print"),
        args=[cst.Arg(cst.SimpleString(quote + " ".join(parts) + quote)),
              *(cst.Arg(v) for v in values)])
    new_module = ctx.model.module.visit(ReplaceById({id(call): new_call}))
    return fix_from_module(ctx.text, ctx.model.module, new_module,
                           "Use `jax.debug.print`, which prints at every step", "unsafe")
