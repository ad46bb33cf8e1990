from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic, Fix
from scanlint.fixes.carry import nodes_in
from scanlint.fixes.edits import ReplaceById, fix_from_module
from scanlint.rules import Invalid, Rule, RuleContext, with_fix
from scanlint.semantic import walk
from scanlint.semantic.carry import StepFunction, caller_arguments, file_function, step_function
from scanlint.semantic.instances import (MUTATORS, called_method, object_class, self_changes,
                                         self_class)
from scanlint.semantic.model import ScanSite
from scanlint.semantic.scopes import (OwnCode, StoreVisitor, import_qualified_name,
                                      leaf_targets, lookup, qualified_name)

# Mutators that return something: a call of the others whose result is used is some other
# object's method (`return accumulator.update(carry, x)`), not a container's.
RETURNING_MUTATORS = frozenset({"pop", "setdefault", "popitem"})
# Host random generators whose module functions draw from hidden global state: called in a
# body they draw once, at trace time, and every step reuses the number.
GLOBAL_RNGS = {"numpy.random": "NumPy's global random generator",
               "random": "Python's global random generator"}
# Their module attributes that make a generator or hold a type, and draw nothing.
RNG_CONSTRUCTORS = frozenset({
    "default_rng", "RandomState", "Generator", "SeedSequence", "BitGenerator", "PCG64",
    "PCG64DXSM", "MT19937", "Philox", "SFC64", "Random", "SystemRandom", "get_state",
    "getstate"})
# Functions that run a Python function on the host at every step (its effects are fine).
CALLBACKS = frozenset({"jax.debug.callback", "jax.pure_callback", "jax.experimental.io_callback",
                       "jax.experimental.host_callback.id_tap",
                       "jax.experimental.host_callback.call"})
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception",
                         "critical", "fatal", "log"})
LOGGING_MODULES = frozenset({"logging", "absl.logging"})
LOGGER_MAKERS = frozenset({"logging.getLogger", "absl.logging.get_absl_logger"})


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
    of the file makes (`scan(make_step(history), ...)`) counts as the factory's def, and a
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

    def _effects(self, ctx: RuleContext, step: StepFunction,
                 site: ScanSite) -> Iterator[Diagnostic]:
        for node, what in _find_effects(ctx, step, site):
            fix = _print_fix(ctx, node) if what.startswith("`print") else (
                "move it out of the loop, or into `jax.debug.callback`")
            message, fix = with_fix(self.MESSAGE.format(what=what), fix)
            yield ctx.diagnostic(self, node, message, fix=fix)

    VALID = [
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
    found: list[tuple[cst.CSTNode, str]] = []
    declared: set[str] = set()

    class Finder(StoreVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.statement_calls: set[int] = set()  # calls whose value is thrown away
            self.guards: list[set[str]] = []  # names read by the `if` tests around us

        def visit_Expr(self, node: cst.Expr) -> None:
            self.statement_calls.add(id(node.value))

        def visit_If(self, node: cst.If) -> None:
            self.guards.append({n.value for n in nodes_in(node.test) if isinstance(n, cst.Name)})

        def leave_If(self, original_node: cst.If) -> None:
            self.guards.pop()

        def _guarded(self, name: str) -> bool:
            """Filling a container under a test of that container (`if key not in cache:`,
            `if len(shapes) < n:`) is a deliberate trace-time cache, not per-step state."""
            return any(name in names for names in self.guards)

        def visit_Call(self, node: cst.Call) -> bool:
            self._check(node)
            # What a host callback runs, it runs at every step, on the host.
            return qualified_name(step.scope, node.func) not in CALLBACKS

        def _check(self, node: cst.Call) -> None:
            func = node.func
            changed = _method_change(ctx, step, site, node)
            if changed is not None:
                found.append((node, changed))
            elif isinstance(func, cst.Name) and func.value == "print":
                if lookup(step.scope, "print")[0] is None:
                    found.append((node, "`print(...)`"))
            elif isinstance(func, cst.Name) and func.value == "next" and _outer_iterator(
                    step, node):
                found.append((node, f"`next({_code(node.args[0].value)})` on an iterator "
                                    "defined outside the body"))
            elif (isinstance(func, cst.Attribute) and func.attr.value in MUTATORS
                  and isinstance(func.value, cst.Name) and not self._guarded(func.value.value)
                  and (id(node) in self.statement_calls
                       or func.attr.value in RETURNING_MUTATORS)):
                owner, bindings = lookup(step.scope, func.value.value)
                if owner is not None and not owner.is_within(step.scope) and bindings \
                        and (all(b.kind in ("assign", "annassign") for b in bindings)
                             or _container_param(ctx.model, bindings)):
                    found.append((node, f"`{func.value.value}.{func.attr.value}(...)` on a "
                                        "container defined outside the body"))
            elif (isinstance(func, cst.Attribute) and func.attr.value in MUTATORS
                  and isinstance(func.value, cst.Attribute) and id(node) in self.statement_calls):
                root = _attribute_root(func.value)
                if root is not None and not self._guarded(root.value) \
                        and _outer_object(step, root):
                    found.append((node, f"`{_code(func.value)}.{func.attr.value}(...)` on a "
                                        "container held by an object defined outside the body"))
            else:
                what = _host_effect(step, node) or _rebinds_global(ctx.model, step.scope, node)
                if what is not None:
                    found.append((node, what))

        def visit_Global(self, node: cst.Global) -> None:
            declared.update(n.name.value for n in node.names)

        def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
            declared.update(n.name.value for n in node.names)

        def store(self, node: cst.CSTNode, target: cst.BaseExpression) -> None:
            if isinstance(target, cst.Name):
                if target.value in declared:
                    found.append((node, f"assigning `{target.value}` outside the body"))
            elif isinstance(target, (cst.Tuple, cst.List)):
                for element in target.elements:
                    self.store(node, element.value)
            else:
                root = _root(target)
                what = _outer_store(ctx.model, step, target)
                if what is not None and root is not None and not self._guarded(root.value):
                    found.append((node, what))

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is step.node

    walk.visit(step.node, Finder())
    return found


# Calls that build a Python container, or a NumPy array (which a traced value cannot enter).
CONTAINER_CALLS = frozenset({"list", "dict", "set", "bytearray"})
CONTAINER_QUALIFIED = ("collections.", "numpy.")
CONTAINER_LITERALS = (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _root(target: cst.BaseExpression) -> cst.Name | None:
    """The name at the bottom of `a[i]["k"]` or `a.b.c`."""
    while isinstance(target, (cst.Attribute, cst.Subscript)):
        target = target.value
    return target if isinstance(target, cst.Name) else None


def _outer_store(model, step: StepFunction, target: cst.BaseExpression) -> str | None:
    """What storing into ``target`` changes outside the body: an item of a Python container or
    NumPy array defined outside it (`calls[0] += 1`, `cache[k] = v`, or a parameter of an
    enclosing factory every caller passes one to), or an attribute of an object defined
    outside it (`self.count += 1`); else None."""
    root = _root(target)
    if root is None:
        return None
    owner, bindings = lookup(step.scope, root.value)
    if owner is step.scope and root.value in step.bound_names and len(bindings) == 1 \
            and isinstance(target, cst.Attribute):
        return f"assigning `{_code(target)}` (an attribute of the method's object)"
    if owner is None or owner.is_within(step.scope) or not bindings:
        return None
    if isinstance(target, cst.Attribute):
        return f"assigning `{_code(target)}` (an attribute of an object defined outside the body)"
    if isinstance(target, cst.Subscript) and (all(_container(b) for b in bindings)
                                              or _container_param(model, bindings)):
        return f"storing into `{_code(target)}` (a container defined outside the body)"
    return None


def _container_param(model, bindings: list) -> bool:
    """A parameter of an enclosing function (a factory making the body) to which every call
    in the file passes a Python container or NumPy array: a literal, or a name bound only to
    one (`make_step(running)`, `running = [0.0]`)."""
    if len(bindings) != 1 or bindings[0].kind != "param":
        return False
    arguments = caller_arguments(model, bindings[0])
    if not arguments:
        return False
    for expr, scope in arguments:
        if isinstance(expr, cst.Name):
            _owner, passed = lookup(scope, expr.value)
            if not (passed and all(_container(b) for b in passed)):
                return False
        elif not _container_value(scope, expr):
            return False
    return True


def _container(binding) -> bool:
    """The binding visibly makes a Python container or a NumPy array."""
    return _container_value(binding.scope, binding.assigned_value)


def _container_value(scope, value: cst.BaseExpression | None) -> bool:
    """``value`` (evaluated in ``scope``) visibly makes a Python container or a NumPy array."""
    if isinstance(value, CONTAINER_LITERALS):
        return True
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Name) and value.func.value in CONTAINER_CALLS:
        return lookup(scope, value.func.value)[0] is None
    return (qualified_name(scope, value.func) or "").startswith(CONTAINER_QUALIFIED)


def _outer_iterator(step: StepFunction, call: cst.Call) -> bool:
    """`next(it)`, the builtin, on a name bound outside the body, or on a parameter the loop
    does not pass (bound by `functools.partial`, or its default: made outside the body)."""
    if lookup(step.scope, "next")[0] is not None or not call.args:
        return False
    arg = call.args[0].value
    if not isinstance(arg, cst.Name):
        return False
    owner, bindings = lookup(step.scope, arg.value)
    if owner is step.scope and arg.value in step.preset and len(bindings) == 1:
        return True
    return owner is not None and not owner.is_within(step.scope) and bool(bindings)


def _rebinds_global(model, scope, call: cst.Call, depth: int = 0) -> str | None:
    """`helper(...)`, a function of the file that rebinds a module-level name it declares
    `global` (`global _KEY; _KEY, sub = split(_KEY)`, `_STEP += 1`), itself or through the
    functions of the file it calls (three deep). A rebinding under a test of that same name
    (`if _CACHE is None: _CACHE = ...`, a lazy initialisation) is not counted."""
    if not model.spells("global"):
        return None  # no function of the file can declare one
    found = file_function(model, scope, call.func) if depth < 3 else None
    if found is None:
        return None
    function, inner, _owner = found
    writes = _global_writes(model, function, inner.declared_global)
    if writes.rebound:
        return (f"`{_code(call.func)}(...)`, which rebinds global `{writes.rebound[0]}` in "
                f"`{function.name.value}`,")
    for inner_call in writes.calls:
        through = _rebinds_global(model, inner, inner_call, depth + 1)
        if through is not None:
            return f"`{_code(call.func)}(...)`, through {through}"
    return None


def _global_writes(model, function: cst.FunctionDef, declared: set[str]) -> "_GlobalWrites":
    """A function's global writes and calls, read once per file (every body that calls the
    helper asks)."""
    key = ("global writes", id(function))
    if key not in model.memo:
        writes = _GlobalWrites(function, declared)
        walk.visit(function, writes)
        model.memo[key] = writes
    return model.memo[key]


class _GlobalWrites(OwnCode):
    """The `global` names a function rebinds outside a test of the same name, and its calls
    by a plain name outside such tests."""

    def __init__(self, root: cst.FunctionDef, declared: set[str]) -> None:
        super().__init__(root)
        self.declared = declared
        self.guards: list[set[str]] = []
        self.rebound: list[str] = []
        self.calls: list[cst.Call] = []

    def visit_If(self, node: cst.If) -> None:
        self.guards.append({n.value for n in nodes_in(node.test) if isinstance(n, cst.Name)})

    def leave_If(self, original_node: cst.If) -> None:
        self.guards.pop()

    def _guarded(self, name: str) -> bool:
        return any(name in names for names in self.guards)

    def _store(self, target: cst.BaseExpression) -> None:
        for leaf in leaf_targets(target):
            if isinstance(leaf, cst.Name) and leaf.value in self.declared \
                    and not self._guarded(leaf.value):
                self.rebound.append(leaf.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._store(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and not any(self.guards):
            self.calls.append(node)


def _attribute_root(node: cst.Attribute) -> cst.Name | None:
    """The name under `a.b.c` (attributes only)."""
    value: cst.BaseExpression = node
    while isinstance(value, cst.Attribute):
        value = value.value
    return value if isinstance(value, cst.Name) else None


def _outer_object(step: StepFunction, root: cst.Name) -> bool:
    """``root`` names something bound outside the body, and not an imported module."""
    owner, bindings = lookup(step.scope, root.value)
    if owner is step.scope and root.value in step.bound_names and len(bindings) == 1:
        return True  # a method's `self`
    return owner is not None and not owner.is_within(step.scope) and bool(bindings) \
        and all(b.kind != "import" for b in bindings)


def _method_change(ctx: RuleContext, step: StepFunction, site: ScanSite,
                   call: cst.Call) -> str | None:
    """A call of a method of an object of the file's own plain class, defined outside the
    body (`dist.log_prob(x)`, `layer(x)`, `self.encoder(x)`), that changes the object
    (`instances.self_changes`). An attribute set only under a test of itself (`if self.w is
    None:`) is a lazy initialisation: reported unless the object is called before the loop
    outside any body (`layer(x0)`), where it is set up with a concrete value."""
    model = ctx.model
    callee = called_method(model, step.scope, call)
    if callee is None:
        return None
    method, defining, receiver = callee
    func = call.func
    root = _attribute_root(func) if isinstance(func, cst.Attribute) else func
    if not isinstance(root, cst.Name) or not _outer_object(step, root):
        return None
    instance = object_class(model, step.scope, func.value if isinstance(
        func, cst.Attribute) else func)
    changes = self_changes(model, instance, method, defining) if instance is not None else []
    if not changes:
        return None
    where = f"`{_code(func)}(...)`"
    for change in changes:
        if not change.guarded:
            return (f"{where}, which changes `{change.target}` in `{change.owner}."
                    f"{change.method.name.value}` on an object defined outside the body,")
    change = changes[0]
    _owner, bindings = lookup(step.scope, root.value)
    if (isinstance(func, cst.Name) or isinstance(func.value, cst.Name)) and not any(
            self_class(b) is not None for b in bindings if b.kind == "param"):
        if _called_before(step, site, root):
            return None
        return (f"{where}, whose `{change.owner}.{change.method.name.value}` sets "
                f"`{change.target}` on its first call (here, inside the trace: a tracer "
                "kept on an object defined outside the body),")
    return None


def _called_before(step: StepFunction, site: ScanSite, root: cst.Name) -> bool:
    """The object ``root`` names is called (`obj(...)`, `obj.m(...)`) in the scope that binds
    it, outside any function, before the statement there that holds the loop call."""
    owner, _bindings = lookup(step.scope, root.value)
    if owner is None or owner.kind not in ("module", "function"):
        return False
    body = owner.node.body
    statements = list(body.body) if isinstance(body, cst.IndentedBlock) else (
        list(body) if isinstance(body, (list, tuple)) else [body])
    for statement in statements:
        ids = {id(n) for n in nodes_in(statement)}
        if id(site.call) in ids:
            return False
        if _calls_object(statement, root.value):
            return True
    return False


def _calls_object(statement: cst.CSTNode, name: str) -> bool:
    """``statement`` calls `name(...)` or `name.m(...)` outside nested functions."""
    found = []

    class Calls(OwnCode):
        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute):
                func = func.value
            if isinstance(func, cst.Name) and func.value == name:
                found.append(node)

    walk.visit(statement, Calls())
    return bool(found)


def _host_effect(step: StepFunction, call: cst.Call) -> str | None:
    """A logging call or a draw from a host global RNG (`np.random.normal()`)."""
    func = call.func
    name = qualified_name(step.scope, func) or ""
    module, _, last = name.rpartition(".")
    if module in GLOBAL_RNGS and last not in RNG_CONSTRUCTORS and not last[:1].isupper():
        return f"`{_code(func)}(...)` ({GLOBAL_RNGS[module]})"
    if not (isinstance(func, cst.Attribute) and func.attr.value in LOG_METHODS):
        return None
    if module in LOGGING_MODULES:
        return f"`{_code(func)}(...)` (a log call)"
    receiver = func.value
    if isinstance(receiver, cst.Call):
        maker = qualified_name(step.scope, receiver.func)
    elif isinstance(receiver, cst.Name):
        owner, bindings = lookup(step.scope, receiver.value)
        values = [b.assigned_value for b in bindings]
        makers = {qualified_name(b.scope, v.func) if isinstance(v, cst.Call) else None
                  for b, v in zip(bindings, values)}
        maker = makers.pop() if owner is not None and len(makers) == 1 else None
    else:
        return None
    if maker in LOGGER_MAKERS:
        return f"`{_code(func)}(...)` (a log call)"
    return None


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
