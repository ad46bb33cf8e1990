from __future__ import annotations

from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.fixes.carry import nodes_in
from scanlint.fixes.roll_loop import roll_fix
from scanlint.rules import Invalid, Rule, RuleContext, Valid
from scanlint.semantic.jit_loops import (JitLoop, compiled_alternative, counter_for,
                                         jit_comprehensions, jit_loops)
from scanlint.semantic.rolling import Rolling, comprehension_computes_arrays, rolling
from scanlint.semantic.trip_counts import CALL, DEFAULT, INT_OPERATORS, SHAPE, STATIC

# The cases reported without a fix share these lines.
NO_FIX_HEADER = "import jax\nimport jax.numpy as jnp\nT = 20\nSIZES = (3, 4, 5)\n@jax.jit\n"


class UnrolledLoopUnderJit(Rule):
    """
    ## What it does
    Finds a `for` loop in a function that runs under `jit`, over `range(...)` or over a
    Python sequence, whose trip count is at least `min-unrolled-trips` (default 10), and whose
    body computes arrays. A function runs under `jit` when it is decorated with `@jax.jit`,
    `@jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`, `@functools.partial(jax.jit, ...)`,
    `@nnx.jit` or `@eqx.filter_jit`; when it is passed to a jit call, at module level or in
    a function (`fast = jax.jit(simulate)`, `jax.jit(partial(simulate, ...))`), also through
    a transformation (`jax.jit(jax.value_and_grad(loss))`, `grad`, `vmap`, `checkpoint`), a
    name bound to one (`g = jax.grad(loss)`), a lambda (the defs its body calls:
    `jax.jit(lambda v: f(v, W))`) or a bound method (`jax.jit(model.__call__)`,
    `jax.jit(self.step)`, `eqx.filter_jit(obj.method)`); and when such a function calls a
    method on a parameter or on `self` whose class the file shows (`model(x)`, with `model`
    an object of a class of the file at the calls: its `__call__`), or a def of the file
    by name (`irls(x, w, max_iter)`), up to three calls deep. A local `def` inside such a
    function runs under it too.

    The trip count, and where it comes from (the message says both):
    - the source fixes it: int literals, int constants bound once (`STEPS = 200`,
      `(T, N) = (10, 128)`), defaults of parameters `jit` traces (`def rollout(x,
      n_steps=100)`: a traced `n_steps` cannot be a `range` bound, so every call that traces
      leaves it out), `+ - * // % **`, `min`, `max` of them; the length of a Python sequence
      the loop runs over (a tuple or list of constants, `tuple(range(...))`, `zip`,
      `enumerate`, slices with constant bounds, comprehensions over such, `np.arange`,
      `jax.random.split(key, n)`): `for i, (lo, hi) in enumerate(OFFSETS)` with 96 pairs;
    - a Python value the function is given (a static argument, `static_argnums` or
      `static_argnames` on the decorator, through `partial` or on a `jax.jit(f, ...)` call; a
      parameter of a function reached through a call; `self.n`, from what the class's methods
      assign it): the largest constant the file's calls pass, by name, through the name a jit
      call binds (`fast(x, 200)`, `jax.make_jaxpr(fast, static_argnums=1)(x, 200)`,
      `fast.lower(...)`), through `partial(f, n=200)`, or through a caller's own parameter
      one call further (`n = 200` at the call on line 52), or the largest value of a `for`
      loop's variable passed to it (`for side in (2, 4, 6)`). When the file shows no value the
      loop is reported only in preview (`preview = true`): whether it is long the file
      cannot tell;
    - an array's size (`range(x.shape[0])`, `range(t.shape[0] - 1)`, `range(len(xs))` of an
      array, `x.size`, a name unpacked from `x.shape`, of a traced parameter, a jax or NumPy
      array, or an array attribute of `self`): fixed when jax traces, and named in the
      message (`unrolled `xs.shape[0]` times`);
    - nested loops: a loop with fewer trips is reported when the counted loops inside it
      make at least `min-unrolled-trips` steps together (`for i in range(8): for j in
      range(8)`: 64), at the outermost such loop, when none inside it is reported itself.

    A list, set, dict or generator comprehension whose `for` clauses run over `range`s the
    source fixes (`jnp.stack([f(x, i) for i in range(256)])`, `sum(g(x, k) for k in
    range(N))`) is unrolled the same way and reported when its elements are arrays and its
    clauses make at least `min-unrolled-trips` of them; it gets no fix (`jax.lax.map`, or
    `jax.vmap` when the steps are independent and memory allows; `fori_loop` for a sum).

    Not reported: loops outside `jit`; `range(x.ndim)`, `range(len(x.shape))` (a handful of
    axes, on purpose); loops over lists of layers or parameters (SCN303 reports identical
    ones), over dicts, over a Python sequence whose length the file does not show; static
    counts the calls in the file show to be small; fewer trips than `min-unrolled-trips`;
    bodies that only compute Python values; a loop in a function that offers a compiled
    loop on a condition (`if use_scan: ... lax.scan(...)`, the Python loop after it or in
    the other branch: an unroll kept on purpose).

    ## Why is this bad?
    `jit` traces Python. A Python loop runs while the function is traced, and the program
    handed to XLA holds one copy of the body per step, so tracing and compiling take time that
    grows with the trip count (jax-ml/jax#2777, #352, #9463, #16611, #27033).
    `jax.lax.fori_loop` and `scan` trace and compile the body once.

    Measured with `python benchmarks/unrolled_compile.py` (fixtures/unrolled_loops.py at 200
    steps, 6-wide arrays, `scanlint verify --bench`: cold trace+compile, then 5 x 200 cached
    calls; medians of 3 runs; jax 0.10.2 on a 2-core CPU that other jobs kept loaded about 5,
    so the seconds are inflated and only the ratios, taken in the same run, compare):

    | function (fixture) | unrolled | rolled | trace+compile | per call |
    |---|---:|---:|---:|---:|
    | `simulate`: `x = jnp.tanh(w @ x) * 0.5 + x` | 3.62 s | 0.05 s | 0.015x | 0.18x |
    | `leapfrog`: tuple carry | 2.11 s | 0.07 s | 0.029x | 0.25x |
    | `rnn`: states stacked | 5.25 s | 0.10 s | 0.018x | 0.16x |
    | `rollout`: key split, states stacked | 23.22 s | 0.58 s | 0.016x | 0.54x |
    | `running_sum`: totals stacked | 9.47 s | 0.10 s | 0.014x | 0.05x |

    A run under a heavier load (about 13) gave ratios of 0.020x to 0.037x. Rolled, the calls
    themselves were faster too, on this CPU.

    ## Example
    ```python
    @jax.jit
    def simulate(x, w):
        for _ in range(200):
            x = jnp.tanh(w @ x) * 0.5 + x
        return x
    ```

    ## Use instead
    ```python
    @jax.jit
    def simulate(x, w):
        def step(_, x):
            x = jnp.tanh(w @ x) * 0.5 + x
            return x
        x = jax.lax.fori_loop(0, 200, step, x)
        return x
    ```

    ## Fix safety
    The fix is unsafe: apply it with `scanlint check --fix --unsafe-fixes --verify`, which
    writes a file only when every function it changes computes the same bits before and
    after (see below why it may not).

    What it writes. The body becomes a local `def` (`step`, or `step2`... when the name is
    taken). The names the loop assigns and reads after it, or reads in a step before assigning
    them, are the carry (a tuple, unpacked on the step's first line, when several); the index
    is passed where the body reads it. Without lists it is
    `x = jax.lax.fori_loop(start, stop, step, x)`. When the body appends once per step to
    lists made empty just before the loop (`ys = []`) and only stacked after it
    (`jnp.stack(ys)`, `jnp.array(ys)`, `jnp.asarray(ys)`), it is
    `x, ys = jax.lax.scan(step, x, jnp.arange(stop), length=stop)` (no `xs` when the index is
    unused): the lists' names are bound to the stacked values, so the stacking code after the
    loop is unchanged and reads the same values (stacking an array gives it back), and the
    `ys = []` line goes. With nothing carried it is `ys = jax.lax.map(step, jnp.arange(stop))`.
    A value appended before the step rebinds what it reads is taken where the append was.
    `jax.lax` and `jax.numpy` are spelled as the module imports them; `import jax` is added
    when it imports neither. A carry that starts as a Python number (weakly typed) is
    promoted by `fori_loop`/`scan` to the type of the step's result, as the unrolled code did
    after its first step.

    Bits. The step runs the same operations in the same order, but XLA compiles a rolled loop
    otherwise than an unrolled one: on CPU it fuses a multiply and an add into one fused
    multiply-add (FMA) where both land in one kernel, and an unrolled loop puts parts of
    different steps in one kernel. In `tests/test_unrolled_runtime.py` (jax 0.10.2, x86-64
    with AVX2 and FMA, default flags, 10 steps, 6-wide arrays) these kept every bit of every
    output (pytree, dtype, weak type, bytes) under `jit`: the issue's
    `jnp.tanh(w @ x) * 0.5 + x`, an RNN cell and a two-list LSTM-like cell (stacked), a
    rollout splitting a PRNG key, running sums, `lax.map` of a per-step function, additions
    and maxima of indexed rows (forwards, reversed, from an offset), `jnp.where` on the
    index, the index times a traced step, a loss summed into a Python-number carry, a Python
    int counter carried, a static argument in the body, nested loops, a Newton-Schulz
    inverse, power iteration, `.at[i].set` into a preallocated output, and a function jitted
    by assignment (under `jit`). A leapfrog integrator (`p = p - 0.5 * dt * (w @ q)`,
    `q = q + dt * p`) differed in the last bit of some values (relative 2e-7) and was
    identical, with every other shape, with FMA unavailable
    (`XLA_FLAGS=--xla_cpu_max_isa=AVX`). A function jitted by assignment but also called
    without `jit` differed in the last bit there, with or without FMA: its rolled loop is then
    compiled, where the unrolled one ran op by op (XLA's fused `exp` is another kernel). In an
    earlier run with 4-wide arrays a Newton-Schulz inverse was identical with FMA and differed
    without it. At 200 steps (`benchmarks/unrolled_compile.py`) the
    fixture's `simulate`, `rnn`, `rollout` and `running_sum` stayed identical and `leapfrog`
    differed. With 8-wide arrays and 20 steps (`--steps 20 --width 8`) `simulate` and `rnn`
    differed as well, `rollout` and `running_sum` did not: whether XLA contracts depends on
    the shapes, so verify each change.

    Not fixed (reported, with the reason in the message): a loop over a Python sequence
    (make it an array and scan over it); `break`, `continue`, `return`,
    `yield`, `raise`, `try`, `while`, `del`, `global`, `nonlocal`, `import`, a `def` or
    `class` in the body, an `else:` on the loop, or an assignment to a name the function
    declares `global` or `nonlocal`; a Python `if`, `assert` or conditional
    expression on the index or on a value the loop computes; the index (or a Python int the
    loop carries) needed as a Python int: a slice bound (`x[:i]`), `range(i)`, a shape, size
    or axis (`jnp.zeros(i)`, `axis=i`), `int()`, an index into a Python list, tuple, shape or
    NumPy array (`SIZES[i]`, `x.shape[i]`), an f-string; the index in Python float
    arithmetic (`t = i * 0.05`, `i / n`, `i * jnp.pi`, or with a Python float constant, a
    static argument or a parameter with a float default): unrolled, Python computes it in
    double precision and jax rounds it once to float32; traced, jax computes it in float32
    (the fixture's `clock`, rolled by hand with the index passed in, changed values even
    without FMA; `tests/test_unrolled_runtime.py`); a Python effect in the
    body, which rolled would run once, when the step is traced, not at every step (`print`,
    logging, `next()` on an iterator made outside, a host RNG's draw, an outer list appended
    to, a global or an outer object's attribute written; also through a helper of the file,
    an alias such as `say = print`, or a method of the file's class); mutating a Python container (`d[k] = v`, `.append` to a list that is not only
    stacked, `.update`); a carried name that starts as a list, tuple, dict, string or
    `None`, or as a Python number updated by more than arithmetic and reductions (the array
    it becomes may have another shape, which a carry cannot change); a carried value reshaped
    (`jnp.concatenate`, `.reshape`, `x[None]`, `x[1:]`); a name first bound in the loop and
    read after it; the loop variable read after the loop; a range with a step.

    Taken as arrays, so fixed: parameters and locals the index reads (`a[i]`). If one is a
    Python list (`params[i]` with a list of layers), or a function the body calls needs the
    index as a Python int, the rolled code fails to trace; `--verify` reports it.
    """

    CODE = "SCN301"
    NAME = "unrolled-loop-under-jit"
    CITES_LINES = True  # the call a trip count comes from
    MESSAGE = "Loop over `{range}` is unrolled {trips} under `jit`{evidence}; use `{use}`{why}"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        loops = jit_loops(ctx.model)
        for jl, total in reported_loops(ctx.model, loops, ctx.settings):
            facts = rolling(ctx.model, jl)
            if not facts.computes_arrays or compiled_alternative(jl):
                continue
            fix = facts.blockers[0] if facts.blockers else roll_fix(
                ctx.text, ctx.model, jl, facts, ctx.settings.line_length)
            if fix is None:
                fix = "the rewrite needs `jax`, which the file does not import under that name"
            reason, fix = (fix, None) if isinstance(fix, str) else (None, fix)
            why = f" (no automatic fix: {reason})" if reason else ""
            message = self.MESSAGE.format(
                range=ctx.model.module.code_for_node(jl.loop.iter), trips=_times(jl, total),
                evidence=_evidence(ctx.model, jl, total), use=_use(jl, facts), why=why)
            yield ctx.diagnostic(self, jl.loop.iter, message, fix=fix, statement=jl.loop)
        for jc in jit_comprehensions(ctx.model):
            if jc.trips < ctx.settings.min_unrolled_trips or not comprehension_computes_arrays(jc):
                continue
            code = ctx.model.module.code_for_node
            message = self.MESSAGE.format(
                range="`, `".join(code(r) for r in jc.ranges), trips=f"{jc.trips} times",
                evidence="",
                # A generator is mostly summed or reduced: a carry; a list, stacked: a map.
                use="jax.lax.fori_loop" if isinstance(jc.node, cst.GeneratorExp)
                else "jax.lax.map", why=" (no automatic fix: a comprehension)")
            yield ctx.diagnostic(self, jc.ranges[0], message)

    VALID = [
        # The function offers a compiled loop on a flag and keeps the Python one on purpose
        # (climate-analytics-lab/jax-gcm#570: unrolled levels, faster on GPU).
        """import jax
import jax.numpy as jnp
def transport(tau, use_scan):
    if use_scan:
        def level(f, t):
            f = f * t + 1.0
            return f, f
        return jax.lax.scan(level, jnp.zeros(tau.shape[0]), tau.T)[1].T
    f = jnp.zeros(tau.shape[0])
    out = []
    for z in range(tau.shape[1]):
        f = f * tau[:, z] + 1.0
        out.append(f)
    return jnp.stack(out, axis=1)
solve = jax.jit(lambda tau: transport(tau, False))
y = solve(jnp.ones((2, 40)))
""",
        # A helper with a long loop that only code outside jit calls.
        """import jax
import jax.numpy as jnp
def prepare(x):
    for _ in range(100):
        x = x * 0.5
    return x
@jax.jit
def apply(x):
    return jnp.tanh(x)
y = apply(prepare(jnp.ones(3)))
""",
        # Comprehensions: not under jit; too few; Python values; a static bound; not a range.
        NO_FIX_HEADER.replace("@jax.jit\n", "") + """def rows(x):
    return jnp.stack([x[i] * 2.0 for i in range(T)])
""",
        NO_FIX_HEADER + """def rows(x):
    return jnp.stack([x[i] * 2.0 for i in range(3)])
""",
        NO_FIX_HEADER + """def sizes(x):
    widths = [i * 2 for i in range(T)]
    offsets = {i: SIZES[i % 3] for i in range(T)}
    return x * len(widths) + len(offsets)
""",
        """import functools
import jax
import jax.numpy as jnp
@functools.partial(jax.jit, static_argnums=1)
def rows(x, n):
    return jnp.stack([x[i] for i in range(n)])
""",
        NO_FIX_HEADER + """def layers(x, ws):
    return [w @ x for w in ws]
""",
        # Not under jit.
        """import jax.numpy as jnp
def simulate(x):
    for _ in range(1000):
        x = jnp.tanh(x)
    return x
""",
        # Fewer trips than min-unrolled-trips.
        """import jax
import jax.numpy as jnp
@jax.jit
def simulate(x):
    for _ in range(5):
        x = jnp.tanh(x)
    return x
""",
        Valid("""import jax
import jax.numpy as jnp
@jax.jit
def simulate(x):
    for _ in range(40):
        x = jnp.tanh(x)
    return x
""", {"min_unrolled_trips": 50}),
        # Layers and parameters: Python containers, unrolled on purpose.
        """import jax
import jax.numpy as jnp
@jax.jit
def mlp(x, params):
    for w, b in params:
        x = jnp.tanh(w @ x + b)
    for i, (w, b) in enumerate(params):
        x = x + i * w.sum()
    for w, b in zip(params[0], params[1]):
        x = x * w + b
    for name in {"scale": 1, "shift": 2}:
        x = x + 1
    return x
""",
        # The trip count is not in the source: a static argument no call gives (preview only),
        # a length of what may be a list.
        """from functools import partial
import jax
import jax.numpy as jnp
@partial(jax.jit, static_argnames=("n",))
def simulate(x, n):
    for _ in range(n):
        x = jnp.tanh(x)
    for _ in range(len(x)):
        x = jnp.cos(x)
    return x
""",
        # Python values only.
        """import jax
@jax.jit
def named(x):
    labels = []
    for i in range(20):
        labels.append(f"layer{i}")
    return x
""",
        # A handful of axes, on purpose; a count the calls show to be small; a static count
        # the file does not show (reported in preview only).
        """import functools
import jax
import jax.numpy as jnp
@jax.jit
def laplace(u):
    out = jnp.zeros_like(u)
    for axis in range(u.ndim):
        out = out + jnp.roll(u, 1, axis) + jnp.roll(u, -1, axis) - 2.0 * u
    for axis in range(len(u.shape)):
        out = out * 0.5
    return out
def power(a, x, n):
    for _ in range(n):
        x = a @ x
    return x
fast_power = jax.jit(power, static_argnums=2)
fast_power(jnp.eye(2), jnp.ones(2), 3)
@functools.partial(jax.jit, static_argnums=1)
def smooth(v, passes):
    for _ in range(passes):
        v = 0.5 * (jnp.roll(v, 1) + v)
    return v
""",
        # The wrapped function is another one.
        """import jax
import jax.numpy as jnp
def helper(x):
    for _ in range(100):
        x = jnp.cos(x)
    return x
fast = jax.jit(jnp.cos)
""",
    ]

    INVALID = [
        # A helper the jitted function calls by name: traced with it, its loop unrolls
        # the same (jaxqtl's IRLS iterations in a helper of the jitted fit).
        Invalid(
            """import jax
import jax.numpy as jnp
from functools import partial
def irls(x, w, max_iter):
    for _ in range(max_iter):
        x = jnp.tanh(w @ x) * 0.5 + x
    return x
@partial(jax.jit, static_argnames="max_iter")
def fit(x, w, max_iter=80):
    return irls(x, w, max_iter)
""",
            """import jax
import jax.numpy as jnp
from functools import partial
def irls(x, w, max_iter):
    def step(_, x):
        x = jnp.tanh(w @ x) * 0.5 + x
        return x
    x = jax.lax.fori_loop(0, max_iter, step, x)
    return x
@partial(jax.jit, static_argnames="max_iter")
def fit(x, w, max_iter=80):
    return irls(x, w, max_iter)
""",
            unsafe=True),
        # The example: one name carried, the index unused.
        Invalid(
            """import jax
import jax.numpy as jnp
@jax.jit
def simulate(x, w):
    for _ in range(200):
        x = jnp.tanh(w @ x) * 0.5 + x
    return x
""",
            """import jax
import jax.numpy as jnp
@jax.jit
def simulate(x, w):
    def step(_, x):
        x = jnp.tanh(w @ x) * 0.5 + x
        return x
    x = jax.lax.fori_loop(0, 200, step, x)
    return x
""",
            unsafe=True),
        # An RNN cell: per-step states stacked after the loop; the index reads the inputs.
        Invalid(
            """import jax
import jax.numpy as jnp
T = 50
@jax.jit
def rnn(h, w, u, xs):
    hs = []
    for t in range(T):
        h = jnp.tanh(w @ h + u @ xs[t])
        hs.append(h)
    return jnp.stack(hs)
""",
            """import jax
import jax.numpy as jnp
T = 50
@jax.jit
def rnn(h, w, u, xs):
    def step(h, t):
        h = jnp.tanh(w @ h + u @ xs[t])
        return h, h
    h, hs = jax.lax.scan(step, h, jnp.arange(T), length=T)
    return jnp.stack(hs)
""",
            unsafe=True),
        # A leapfrog integrator, `from jax import jit`, `import jax.numpy as np`: a tuple
        # carry, and `import jax` added for `jax.lax`.
        Invalid(
            """from jax import jit
import jax.numpy as np
@jit
def leapfrog(q, p, dt):
    for _ in range(100):
        p = p - 0.5 * dt * q
        q = q + dt * p
        p = p - 0.5 * dt * q
    return q, np.asarray(p)
""",
            """from jax import jit
import jax.numpy as np
import jax
@jit
def leapfrog(q, p, dt):
    def step(_, carry):
        p, q = carry
        p = p - 0.5 * dt * q
        q = q + dt * p
        p = p - 0.5 * dt * q
        return p, q
    p, q = jax.lax.fori_loop(0, 100, step, (p, q))
    return q, np.asarray(p)
""",
            unsafe=True),
        # A Newton iteration under `partial(jax.jit, static_argnames=...)`; the trip count
        # is arithmetic on a module constant.
        Invalid(
            """from functools import partial
import jax
N_ITER = 8
@partial(jax.jit, static_argnames=("damping",))
def newton_sqrt(a, damping=0.5):
    x = a
    for _ in range(2 * N_ITER):
        x = damping * (x + a / x)
    return x
""",
            """from functools import partial
import jax
N_ITER = 8
@partial(jax.jit, static_argnames=("damping",))
def newton_sqrt(a, damping=0.5):
    x = a

    def step(_, x):
        x = damping * (x + a / x)
        return x
    x = jax.lax.fori_loop(0, 2 * N_ITER, step, x)
    return x
""",
            unsafe=True),
        # jit applied by assignment; the range starts at 1; `lax` imported by name.
        Invalid(
            """import jax
from jax import lax
def integrate(x, forces):
    for i in range(1, 25):
        x = x + forces[i] - forces[i - 1]
    return x
fast_integrate = jax.jit(integrate)
""",
            """import jax
from jax import lax
def integrate(x, forces):
    def step(i, x):
        x = x + forces[i] - forces[i - 1]
        return x
    x = lax.fori_loop(1, 25, step, x)
    return x
fast_integrate = jax.jit(integrate)
""",
            unsafe=True),
        # Nothing carried, values stacked: `lax.map` over the index.
        Invalid(
            """import jax
import jax.numpy as jnp
@jax.jit
def features(a):
    rows = []
    for i in range(16):
        rows.append(jnp.sin(a[i]) * a[i])
    return jnp.array(rows)
""",
            """import jax
import jax.numpy as jnp
@jax.jit
def features(a):
    def step(i):
        return jnp.sin(a[i]) * a[i]
    rows = jax.lax.map(step, jnp.arange(16))
    return jnp.array(rows)
""",
            unsafe=True),
        # A rollout: the key is carried; the value appended before the state moves on is
        # taken where the append was.
        Invalid(
            """import jax
import jax.numpy as jnp
@jax.jit
def orbit(x, key):
    seen = []
    for _ in range(32):
        seen.append(x)
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub, x.shape)
    return jnp.stack(seen), x
""",
            """import jax
import jax.numpy as jnp
@jax.jit
def orbit(x, key):
    def step(carry, _):
        key, x = carry
        seen_t = x
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub, x.shape)
        return (key, x), seen_t
    (key, x), seen = jax.lax.scan(step, (key, x), length=32)
    return jnp.stack(seen), x
""",
            unsafe=True),
        # A stencil; the trip count comes from a tuple of module constants.
        Invalid(
            """import jax
import jax.numpy as jnp
(TMAX, N) = (10, 128)
@jax.jit
def jacobi(a):
    for t in range(TMAX):
        a = (jnp.roll(a, 1, axis=0) + jnp.roll(a, -1, axis=0)) / 2
    return a
""",
            """import jax
import jax.numpy as jnp
(TMAX, N) = (10, 128)
@jax.jit
def jacobi(a):
    def step(t, a):
        a = (jnp.roll(a, 1, axis=0) + jnp.roll(a, -1, axis=0)) / 2
        return a
    a = jax.lax.fori_loop(0, TMAX, step, a)
    return a
""",
            unsafe=True),
        # A physics rollout whose step count is a default: passing `n_steps` would trace it
        # and break `range`, so every working call runs 100 steps.
        Invalid(
            """import jax
@jax.jit
def rollout(ctrl, d, n_steps=100):
    for k in range(n_steps):
        d = d * 0.5 + ctrl[k]
    return d
""",
            """import jax
@jax.jit
def rollout(ctrl, d, n_steps=100):
    def step(k, d):
        d = d * 0.5 + ctrl[k]
        return d
    d = jax.lax.fori_loop(0, n_steps, step, d)
    return d
""",
            unsafe=True),
        # A static argument (`static_argnums` on a `jax.jit` call): the count the call passes.
        Invalid(
            """import jax
import jax.numpy as jnp
def simulate(P, x0, T):
    x = x0
    for _ in range(T):
        x = x @ P
    return x
sim = jax.jit(simulate, static_argnums=2)
sim(jnp.eye(3), jnp.ones(3), 300)
""",
            """import jax
import jax.numpy as jnp
def simulate(P, x0, T):
    x = x0

    def step(_, x):
        x = x @ P
        return x
    x = jax.lax.fori_loop(0, T, step, x)
    return x
sim = jax.jit(simulate, static_argnums=2)
sim(jnp.eye(3), jnp.ones(3), 300)
""",
            unsafe=True),
        # ... a loop's variable the call passes, over a display of sizes: the largest counts.
        Invalid(
            """import jax
import jax.numpy as jnp
def simulate(P, x0, T):
    x = x0
    for _ in range(T):
        x = x @ P
    return x
sim = jax.jit(simulate, static_argnums=2)
SIZES = (4, 40)
for steps in SIZES:
    sim(jnp.eye(3), jnp.ones(3), steps)
""",
            """import jax
import jax.numpy as jnp
def simulate(P, x0, T):
    x = x0

    def step(_, x):
        x = x @ P
        return x
    x = jax.lax.fori_loop(0, T, step, x)
    return x
sim = jax.jit(simulate, static_argnums=2)
SIZES = (4, 40)
for steps in SIZES:
    sim(jnp.eye(3), jnp.ones(3), steps)
""",
            unsafe=True),
        # An array's size, reached through `jax.jit(jax.grad(...))`.
        Invalid(
            """import jax
import jax.numpy as jnp
def filter_loss(params, ys):
    m = jnp.zeros(2)
    loss = 0.0
    for t in range(ys.shape[0]):
        m = params["A"] @ m
        loss = loss + jnp.sum((ys[t] - m) ** 2)
    return loss
step = jax.jit(jax.grad(filter_loss))
""",
            """import jax
import jax.numpy as jnp
def filter_loss(params, ys):
    m = jnp.zeros(2)
    loss = 0.0

    def step(t, carry):
        m, loss = carry
        m = params["A"] @ m
        loss = loss + jnp.sum((ys[t] - m) ** 2)
        return m, loss
    m, loss = jax.lax.fori_loop(0, ys.shape[0], step, (m, loss))
    return loss
step = jax.jit(jax.grad(filter_loss))
""",
            unsafe=True),
        # `self.sweeps` in a bound method jitted as `jax.jit(solver.solve)`: what the class's
        # call passes.
        Invalid(
            """import jax
import jax.numpy as jnp
class Jacobi:
    def __init__(self, a, sweeps):
        self.a = a
        self.sweeps = sweeps
    def solve(self, b):
        x = jnp.zeros_like(b)
        d = jnp.diag(self.a)
        for _ in range(self.sweeps):
            x = (b - self.a @ x + d * x) / d
        return x
solver = Jacobi(4.0 * jnp.eye(3), 60)
solve = jax.jit(solver.solve)
""",
            """import jax
import jax.numpy as jnp
class Jacobi:
    def __init__(self, a, sweeps):
        self.a = a
        self.sweeps = sweeps
    def solve(self, b):
        x = jnp.zeros_like(b)
        d = jnp.diag(self.a)

        def step(_, x):
            x = (b - self.a @ x + d * x) / d
            return x
        x = jax.lax.fori_loop(0, self.sweeps, step, x)
        return x
solver = Jacobi(4.0 * jnp.eye(3), 60)
solve = jax.jit(solver.solve)
""",
            unsafe=True),
        # Nested loops: 4 x 8 steps together; the outer one is rolled.
        Invalid(
            """import jax
import jax.numpy as jnp
@jax.jit
def blocks(m):
    for i in range(4):
        for j in range(8):
            m = m.at[i, j].mul(2.0)
    return m
""",
            """import jax
import jax.numpy as jnp
@jax.jit
def blocks(m):
    def step(i, m):
        for j in range(8):
            m = m.at[i, j].mul(2.0)
        return m
    m = jax.lax.fori_loop(0, 4, step, m)
    return m
""",
            unsafe=True),
        # A def a jitted lambda calls, with the count the lambda passes.
        Invalid(
            """import jax
import jax.numpy as jnp
def relax(v, n_sweeps):
    for _ in range(n_sweeps):
        v = 0.5 * (jnp.roll(v, 1) + jnp.roll(v, -1))
    return v
smooth = jax.jit(lambda v: relax(v, 25))
""",
            """import jax
import jax.numpy as jnp
def relax(v, n_sweeps):
    def step(_, v):
        v = 0.5 * (jnp.roll(v, 1) + jnp.roll(v, -1))
        return v
    v = jax.lax.fori_loop(0, n_sweeps, step, v)
    return v
smooth = jax.jit(lambda v: relax(v, 25))
""",
            unsafe=True),
        # A static argument the file passes no value for: in preview.
        Invalid(
            """from functools import partial
import jax
import jax.numpy as jnp
@partial(jax.jit, static_argnames=("order",))
def taylor_exp(x, order):
    term = jnp.ones_like(x)
    total = term
    for k in range(1, order):
        term = term * x / k
        total = total + term
    return total
""",
            """from functools import partial
import jax
import jax.numpy as jnp
@partial(jax.jit, static_argnames=("order",))
def taylor_exp(x, order):
    term = jnp.ones_like(x)
    total = term

    def step(k, carry):
        term, total = carry
        term = term * x / k
        total = total + term
        return term, total
    term, total = jax.lax.fori_loop(1, order, step, (term, total))
    return total
""",
            unsafe=True, settings={'preview': True}),
        # A module-level tuple of index pairs (jax-ml/jax#9463): reported, no fix.
        Invalid("""import jax
import jax.numpy as jnp
EDGES = tuple((i, i + 1) for i in range(40))
@jax.jit
def propagate(x):
    for a, b in EDGES:
        x = x.at[b].add(0.5 * x[a])
    return x
"""),
        # Reported, no fix: `break`.
        Invalid(NO_FIX_HEADER + """def stops(x):
    for i in range(T):
        x = jnp.sin(x)
        if i > 3:
            break
    return x
"""),
        # A Python `if` on a value computed in the loop.
        Invalid(NO_FIX_HEADER + """def flips(x):
    for i in range(T):
        x = jnp.sin(x)
        if x.sum() > 0:
            x = -x
    return x
"""),
        # The index as a Python int: a slice bound, `range(i)`, a shape, a Python tuple.
        Invalid(NO_FIX_HEADER + """def prefix(x):
    for i in range(T):
        x = x + x[:i].sum()
    return x
"""),
        Invalid(NO_FIX_HEADER + """def triangle(x):
    for i in range(T):
        for j in range(i):
            x = jnp.cos(x)
    return x
"""),
        Invalid(NO_FIX_HEADER + """def shaped(x):
    for i in range(T):
        x = x + jnp.ones(i).sum()
    return x
"""),
        Invalid(NO_FIX_HEADER + """def sized(x):
    for i in range(T):
        x = x * SIZES[i % 3]
    return x
"""),
        # Python containers mutated, or appended to and not stacked.
        Invalid(NO_FIX_HEADER + """def cached(x):
    cache = {}
    for i in range(T):
        x = jnp.cos(x)
        cache[i] = x
    return x, cache
"""),
        Invalid(NO_FIX_HEADER + """def listed(x):
    out = []
    for i in range(T):
        x = jnp.cos(x)
        out.append(x)
    return out
"""),
        # A carried value whose shape changes.
        Invalid(NO_FIX_HEADER + """def grow(x):
    for i in range(T):
        x = jnp.concatenate([x, x[-1:] * 2])
    return x
"""),
        Invalid(NO_FIX_HEADER + """def accumulate(xs):
    total = 0.0
    for i in range(T):
        total = total + xs[i]
    return total
"""),
        # The index in Python float arithmetic.
        Invalid(NO_FIX_HEADER + """def clock(x):
    for step in range(T):
        t = step * 0.05
        x = x + jnp.sin(t) * x
    return x
"""),
        # A name the function declares global: a step's assignment would make it local.
        Invalid(NO_FIX_HEADER + """def counted(x):
    global calls
    for i in range(T):
        x = jnp.cos(x)
        calls = calls + 1
    return x
"""),
        # Comprehensions unroll too (jax-ml/jax#212): reported, no fix.
        Invalid(NO_FIX_HEADER + """def per_row(x):
    return jnp.stack([jnp.take(x, i, axis=0) * 2.0 for i in range(256)])
"""),
        Invalid(NO_FIX_HEADER + """def total(x):
    return sum(jnp.sin(x * k) for k in range(T))
"""),
        Invalid(NO_FIX_HEADER + """def pairs(x, w):
    def inner(x):
        return jnp.stack([x[i] @ w[j] for i in range(4) for j in range(T // 4)])
    return inner(x)
"""),
        # `print` runs once per trace.
        Invalid(NO_FIX_HEADER + """def chatty(x):
    for i in range(T):
        x = jnp.cos(x)
        print(x)
    return x
"""),
        # A triangular nest: n(n-1)/2 copies of the inner body, not n (its index sizes the
        # inner range: no fix).
        Invalid(NO_FIX_HEADER + """def orthonormal(v):
    for i in range(T):
        for j in range(i):
            v = v.at[i].add(-jnp.dot(v[i], v[j]) * v[j])
    return v
"""),
        # Python effects stay unrolled (`fixes/effects.py`): `next()` on an outer iterator,
        # the same through a helper of the file, an alias of `print`, a method of the file's
        # class that counts its calls, a draw from a NumPy generator made outside.
        Invalid("""import itertools
""" + NO_FIX_HEADER + """def scheduled(x):
    for i in range(T):
        x = x + next(RATES)
    return x
RATES = itertools.count(0.5)
"""),
        Invalid(NO_FIX_HEADER.replace("@jax.jit\n", """SEEN = []
def remember(v):
    SEEN.append(v)
@jax.jit
""") + """def noted(x):
    for i in range(T):
        x = jnp.cos(x)
        remember(x)
    return x
"""),
        Invalid(NO_FIX_HEADER.replace("@jax.jit\n", "say = print\n@jax.jit\n") + """def said(x):
    for i in range(T):
        x = jnp.cos(x)
        say(x)
    return x
"""),
        Invalid(NO_FIX_HEADER.replace("@jax.jit\n", """class Counter:
    def __init__(self):
        self.n = 0
    def tick(self, v):
        self.n += 1
        return v
COUNTER = Counter()
@jax.jit
""") + """def counted(x):
    for i in range(T):
        x = COUNTER.tick(jnp.cos(x))
    return x
"""),
        Invalid("""import numpy as np
""" + NO_FIX_HEADER.replace("@jax.jit\n", "RNG = np.random.default_rng(0)\n@jax.jit\n")
                + """def noisy(x):
    for i in range(T):
        x = jnp.cos(x) + RNG.normal()
    return x
"""),
    ]


def reported_loops(model, loops: list[JitLoop], settings) -> list[tuple[JitLoop, int | None]]:
    """The loops to report, each with the trips it unrolls (with the loops nested in it):
    a count of at least `min-unrolled-trips`; an array's size (`x.shape[0]`); a static
    value the file does not show, in preview only; or, for a loop with fewer trips, the
    product with the counted loops inside it (`for i in range(8): for j in range(8)`) when
    no loop inside it is reported by itself, at the outermost such loop."""
    minimum = settings.min_unrolled_trips

    def own(jl: JitLoop) -> bool:
        if jl.trips is not None:
            return jl.trips >= minimum
        return jl.counted.kind == SHAPE or (jl.counted.kind == STATIC and settings.preview)

    inside = _nested(model, loops)
    chosen: list[tuple[JitLoop, int | None]] = []
    covered: set[int] = set()
    for jl in loops:
        if id(jl) in covered:
            continue
        triangular = _triangular_total(model, jl)
        if triangular is not None and triangular >= minimum:
            chosen.append((jl, triangular))
            continue
        if own(jl):
            chosen.append((jl, jl.trips))
            continue
        if jl.trips is None or any(own(inner) for inner in _all_inside(jl, inside)):
            continue
        total = _total(jl, inside)
        if total is not None and total >= minimum:
            chosen.append((jl, total))
            covered |= {id(inner) for inner in _all_inside(jl, inside)}
    return chosen


def _nested(model, loops: list[JitLoop]) -> dict[int, list[JitLoop]]:
    """id(loop) -> the counted loops directly inside it, in the same function."""
    from scanlint.semantic import walk

    by_node = {id(jl.loop): jl for jl in loops}
    found: dict[int, list[JitLoop]] = {}
    for jl in loops:
        direct: list[JitLoop] = []
        stack = list(walk.children(jl.loop.body))
        while stack:
            node = stack.pop()
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            inner = by_node.get(id(node))
            if inner is not None:
                direct.append(inner)
                continue
            stack.extend(walk.children(node))
        found[id(jl)] = direct
    return found


def _all_inside(jl: JitLoop, inside: dict[int, list[JitLoop]]) -> list[JitLoop]:
    found, stack = [], list(inside.get(id(jl), ()))
    while stack:
        inner = stack.pop()
        found.append(inner)
        stack.extend(inside.get(id(inner), ()))
    return found


def _total(jl: JitLoop, inside: dict[int, list[JitLoop]]) -> int | None:
    """The steps the loop unrolls with the counted loops inside it (None: one is unknown)."""
    inner = inside.get(id(jl), [])
    if jl.trips is None:
        return None
    if not inner:
        return jl.trips
    totals = [_total(each, inside) for each in inner]
    if None in totals:
        return None
    return jl.trips * sum(totals)  # type: ignore[arg-type]


def _triangular_total(model, jl: JitLoop) -> int | None:
    """The copies of the body of a loop whose inner loops' ranges follow its index
    (`for i in range(n): for j in range(i)`: n(n-1)/2), at least the loop's own trips; None
    when no inner range reads the index, or one cannot be counted for every index."""
    index, bounds = jl.index, jl.bounds
    if index is None or bounds is None:
        return None
    inner = [loop for loop in _inner_range_loops(jl.loop.body)
             if index in {n.value for n in nodes_in(loop.iter) if isinstance(n, cst.Name)}]
    if not inner:
        return None
    counter = counter_for(model, jl.jitted, jl.info)
    total = 0
    for value in range(*bounds):
        for loop in inner:
            args = [_int_at(a.value, index, value, counter, jl.scope) for a in loop.iter.args]
            if None in args or len(args) > 3 or (len(args) == 3 and args[2] == 0):
                return None
            total += len(range(*args))  # type: ignore[arg-type]
    return max(total, jl.trips or 0)


def _inner_range_loops(node: cst.CSTNode) -> list[cst.For]:
    """The outermost `for ... in range(...)` loops inside ``node`` (not in nested defs),
    their arguments positional."""
    from scanlint.semantic import walk

    found, stack = [], list(walk.children(node))
    while stack:
        each = stack.pop()
        if isinstance(each, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(each, cst.For) and isinstance(each.iter, cst.Call) and isinstance(
                each.iter.func, cst.Name) and each.iter.func.value == "range" and all(
                a.keyword is None and not a.star for a in each.iter.args):
            found.append(each)
            continue
        stack.extend(walk.children(each))
    return found


def _int_at(expr: cst.BaseExpression, index: str, value: int, counter, scope) -> int | None:
    """An int expression's value with the loop index ``index`` at ``value``."""
    if isinstance(expr, cst.Name) and expr.value == index:
        return value
    if isinstance(expr, cst.BinaryOperation) and type(expr.operator) in INT_OPERATORS:
        left = _int_at(expr.left, index, value, counter, scope)
        right = _int_at(expr.right, index, value, counter, scope)
        if left is None or right is None or (right == 0 and isinstance(
                expr.operator, (cst.FloorDivide, cst.Modulo))):
            return None
        return INT_OPERATORS[type(expr.operator)](left, right)
    count = counter.value(expr, scope)
    return count.value if count is not None else None


def _times(jl: JitLoop, total: int | None) -> str:
    if total is not None:
        return f"{total} times"
    return f"`{jl.counted.evidence}` times"


def _evidence(model, jl: JitLoop, total: int | None) -> str:
    counted = jl.counted
    if total is not None and jl.trips is not None and total != jl.trips:
        if _triangular_total(model, jl) == total:
            return (f" ({jl.trips} steps, and the loops inside it take `{jl.index}` in their "
                    "range)")
        return f" ({jl.trips} steps, times the loops inside it)"
    if counted.kind in (CALL, DEFAULT) and counted.evidence:
        return f" ({counted.evidence})"
    if counted.kind == SHAPE:
        return " (an array's size, fixed when jax traces)"
    if counted.kind == STATIC:
        return " (a static value; how large the file does not show)"
    return ""


def _use(jl: JitLoop, facts: Rolling) -> str:
    if jl.range_args is None:
        return "jax.lax.scan"
    return f"jax.lax.{facts.loop_function}"
