from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.tracing import tracing_events

_JNP = "import jax\nimport jax.numpy as jnp\n"


class TracedValueInPython(Rule):
    """
    ## What it does
    Finds Python asking for the value of a traced array: `int()`, `float()`, `bool()`,
    `round()`, `.item()`, `.tolist()`, `math.ceil(...)` and the like, a NumPy conversion
    (`np.asarray(x)`), `range(n)`, and an `if`, `while`, conditional expression, `assert`,
    `not`, `and` or `or` on it, in a function JAX traces: one `jax.jit` (or `vmap`, `pmap`,
    `checkpoint`, a gradient) applies to, a loop body (`scan`, `fori_loop`, `while_loop`,
    `lax.map`, `cond`'s branches: traced inside `jit` or not), or a function of the file
    they call with a traced value (by name, a method, `functools.partial`, a callable
    object). A value is traced when the code shows where JAX traces it: a parameter that is
    not static (`static_argnums`/`static_argnames`), a loop's index, carry or `xs`, or what a
    `jax.numpy`, `lax` or `random` function, arithmetic, indexing or an array method makes
    of one.

    What describes an array is a Python value under `jit` and is not reported: `.shape`,
    `.ndim`, `.dtype`, `len()`, `is None`, and anything read from an object (`self.n`) or a
    pytree parameter's fields. A parameter passed as it came may be a tuple, a dict or
    `None`: `if params:` on it is not reported, a comparison or arithmetic on it is.

    ## Why is this bad?
    While JAX traces, a traced array has no value: JAX raises `ConcretizationTypeError`
    (`TracerBoolConversionError`, `TracerIntegerConversionError`,
    `TracerArrayConversionError`) the first time the function is traced, often after the
    code ran eagerly in a test without `jit`. A test runs the invalid cases below under JAX
    and checks the error.

    ## Example
    ```python
    @jax.jit
    def generate(T, dt=1.0 / 256):
        n_steps = int(jnp.ceil(T / dt))
        return jnp.sin(jnp.arange(n_steps) * dt)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames=("T", "dt"))
    def generate(T, dt=1.0 / 256):
        n_steps = math.ceil(T / dt)
        return jnp.sin(jnp.arange(n_steps) * dt)
    ```
    (or keep the value an array: `jnp.where` for a condition, `lax.cond` for a branch,
    `lax.fori_loop` for a loop). No fix is offered: whether the value can be static is the
    caller's decision.
    """

    CODE = "SCN211"
    NAME = "traced-value-in-python"
    MESSAGE = ("`{name}` is traced ({why}), and {what} needs its Python value while JAX "
               "traces: {advice}")
    PROGRAM = True
    JAX_ERROR = "traced array"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for event in tracing_events(ctx.program):
            if event.code != "python":
                continue
            message = self.MESSAGE.format(name=_short(event.name), why=event.why,
                                          what=event.what.replace(" of it", "").replace(
                                              " on it", ""), advice=_advice(event.what))
            yield ctx.diagnostic_at(self, event.node, no_fix_reason(
                message, "whether the value can be static is the caller's decision"))

    VALID = [
        # A defaulted parameter no call passes stays a Python value under `jit`.
        _JNP + "@jax.jit\ndef sample(logits, temperature=0.0):\n"
        "    if temperature > 0.0:\n        return jnp.argmax(logits / temperature)\n"
        "    return jnp.argmax(logits)\n"
        "token = sample(jnp.ones(4))\n",
        # `min` of Python numbers, made before the body; the body clamps with `jnp.minimum`.
        _JNP + "def make_bucket(capacity, cap=10.0):\n    top = min(capacity, cap)\n"
        "    def step(level, inflow):\n"
        "        level = jnp.minimum(level + inflow, top)\n"
        "        return level * 0.9, level\n    return step\n"
        "out = jax.lax.scan(make_bucket(5.0), jnp.float32(0.0), jnp.ones(3))\n",
        # `psum` of a Python value is the axis size, a Python int, even under `vmap`/`pmap`
        # (jax_md's tpu.py).
        _JNP + "def rotate(x):\n    count = jax.lax.psum(1, 'i')\n"
        "    return sum(x * k for k in range(count))\n"
        "y = jax.jit(jax.vmap(rotate, axis_name='i'))(jnp.ones(3))\n",
        # Shapes, lengths and `is None` are Python values under jit.
        _JNP + "@jax.jit\ndef f(x, w=None):\n"
        "    if x.ndim == 2 and w is None:\n        x = x.sum(0)\n"
        "    return x[: int(x.shape[0] / 2)] * len(x)\n"
        "y = f(jnp.ones((4, 4)))\n",
        # A static argument.
        "import math\nfrom functools import partial\n" + _JNP +
        "@partial(jax.jit, static_argnames=('T',))\ndef grid(T):\n"
        "    return jnp.arange(math.ceil(T / 0.5))\n"
        "y = grid(T=2.0)\n",
        # A condition on an array kept an array.
        _JNP + "@jax.jit\ndef clip(x):\n    return jnp.where(x > 0, x, 0.0)\n"
        "y = clip(jnp.ones(3))\n",
        # A pytree parameter tested for being empty.
        _JNP + "@jax.jit\ndef f(params):\n"
        "    if params:\n        return params['w'] * 2\n    return 0.0\n"
        "y = f({'w': jnp.ones(2)})\n",
        # A NamedTuple's Python field tested under jit; its traced field kept an array.
        _JNP + "from typing import NamedTuple\n"
        "class Fit(NamedTuple):\n    cost: jax.Array\n    rounds: int\n"
        "def fit(x):\n    return Fit(jnp.sum(x), 3)\n"
        "@jax.jit\ndef loss(x):\n    out = fit(x)\n"
        "    if out.rounds > 2:\n        return jnp.where(out.cost > 1, out.cost, 0.0)\n"
        "    return out.cost\n"
        "y = loss(jnp.ones(3))\n",
        # The same solver built with its check turned off: `if self.check_bracket` does not
        # run (the advice in jaxopt's thread).
        _JNP + "class Bisection:\n"
        "    def __init__(self, fun, check_bracket=True):\n"
        "        self.fun = fun\n        self.check_bracket = check_bracket\n"
        "    def run(self, **kwargs):\n"
        "        if self.check_bracket:\n"
        "            if self.fun(1.0, **kwargs) > 0:\n"
        "                raise ValueError('no root in the bracket')\n"
        "        return self.fun(0.5, **kwargs)\n"
        "def F(x, factor):\n    return factor * x - 2.0\n"
        "def root(factor):\n    return Bisection(F, check_bracket=False).run(factor=factor)\n"
        "y = jax.vmap(root)(jnp.array([1.0, 2.0]))\n",
        # int() of a Python value in a loop body; an object's attribute.
        _JNP + "class Cfg:\n    n = 3\n"
        "def run(cfg, x):\n"
        "    def body(i, acc):\n        return acc + int(cfg.n) * x\n"
        "    return jax.lax.fori_loop(0, 4, body, 0.0)\n"
        "y = run(Cfg(), 2.0)\n",
    ]

    INVALID = [
        # A learning-rate schedule given to optax: optax calls it with its step count, a
        # tracer in the jitted update (https://github.com/google/flax/pull/1903).
        Invalid(_JNP + "import optax\n"
                "def schedule(step):\n    if step < 10:\n        return 1e-3\n    return 1e-4\n"
                "tx = optax.sgd(learning_rate=schedule)\n"
                "params = jnp.ones(3)\nstate = tx.init(params)\n"
                "updates, state = jax.jit(tx.update)(params, state)\n"),
        # A solver's objective, a function stored on the object and called with the traced
        # keywords `**kwargs` holds (jaxopt's Bisection under vmap).
        Invalid(_JNP + "class Bisection:\n"
                "    def __init__(self, fun, check_bracket=True):\n"
                "        self.fun = fun\n        self.check_bracket = check_bracket\n"
                "    def run(self, **kwargs):\n"
                "        if self.check_bracket and self.fun(1.0, **kwargs) > 0:\n"
                "            raise ValueError('no root in the bracket')\n"
                "        return self.fun(0.5, **kwargs)\n"
                "def F(x, factor):\n    return factor * x - 2.0\n"
                "def root(factor):\n    return Bisection(F).run(factor=factor)\n"
                "y = jax.vmap(root)(jnp.array([1.0, 2.0]))\n"),
        # A defaulted parameter a call passes in `**kwargs` is traced like any other
        # (https://github.com/Physical-Intelligence/openpi/pull/550).
        Invalid(_JNP + "from functools import partial\n"
                "class Decoder:\n"
                "    @partial(jax.jit, static_argnums=0)\n"
                "    def sample(self, logits, temperature=0.0):\n"
                "        if temperature > 0.0:\n"
                "            return jnp.argmax(logits / temperature)\n"
                "        return jnp.argmax(logits)\n"
                "options = {'temperature': 0.7}\n"
                "token = Decoder().sample(jnp.ones(4), **options)\n"),
        # Builtin `min` of the carry in a body a factory returns: it compares with `<`
        # (https://github.com/jax-ml/jax/pull/16430).
        Invalid(_JNP + "def make_bucket(capacity):\n    def step(level, inflow):\n"
                "        level = min(level + inflow, capacity)\n"
                "        return level * 0.9, level\n    return step\n"
                "out = jax.lax.scan(make_bucket(5.0), jnp.float32(0.0), jnp.ones(3))\n"),
        # int() of a value made from a traced parameter, through a method of the object
        # `jax.jit` is applied to.
        Invalid(_JNP + "class Chirp:\n    def steps(self, T, dt):\n"
                "        return int(jnp.ceil(T / dt))\n"
                "    def generate(self, T, dt=1.0 / 256):\n"
                "        return jnp.zeros(3) + self.steps(T, dt)\n"
                "generate = jax.jit(Chirp().generate)\n"
                "y = generate(jnp.float32(2.0))\n"),
        # range() of a fori_loop's index.
        Invalid(_JNP + "def energy(pos):\n    n = pos.shape[0]\n"
                "    def outer(i, acc):\n        row = 0.0\n"
                "        for j in range(i + 1, n):\n"
                "            row = row + jnp.sum((pos[i] - pos[j]) ** 2)\n"
                "        return acc + row\n"
                "    return jax.lax.fori_loop(0, n, outer, 0.0)\n"
                "y = energy(jnp.ones((4, 2)))\n"),
        # An `if` on a traced comparison in a scan body.
        Invalid(_JNP + "def step(c, x):\n    if x > 0:\n        c = c + x\n    return c, c\n"
                "y = jax.lax.scan(step, 0.0, jnp.arange(3.0))\n"),
        # `.item()` under jit, in a helper called with a parameter.
        Invalid(_JNP + "def scale(x):\n    return x / x.max().item()\n"
                "@jax.jit\ndef normalise(x):\n    return scale(x)\n"
                "y = normalise(jnp.arange(1.0, 4.0))\n"),
        # NumPy on a traced value through functools.partial and jax.jit.
        Invalid("import functools\nimport numpy as np\n" + _JNP +
                "def total(x, scale):\n    return np.asarray(x).sum() * scale\n"
                "f = jax.jit(functools.partial(total, scale=2.0))\n"
                "y = f(jnp.ones(3))\n"),
        # A layer object held in an attribute, called from a scan body with the scanned
        # index (a haliax transformer block's `if` on the layer index:
        # https://github.com/marin-community/haliax/issues/57).
        Invalid(_JNP + "class Block:\n    def __call__(self, x, i):\n"
                "        if jnp.equal(i, 1):\n            x = x * 2.0\n        return x\n"
                "class Stack:\n    def __init__(self):\n        self.block = Block()\n"
                "    def __call__(self, x):\n"
                "        def body(c, i):\n            return self.block(c, i), None\n"
                "        return jax.lax.scan(body, x, jnp.arange(3))[0]\n"
                "y = Stack()(jnp.ones(2))\n"),
        # A NamedTuple a traced function builds: its fields hold tracers
        # (https://github.com/ott-jax/ott/issues/3).
        Invalid(_JNP + "from typing import NamedTuple\n"
                "class Output(NamedTuple):\n    cost: jax.Array\n    converged: jax.Array\n"
                "def solve(x):\n    err = jnp.abs(x).max()\n"
                "    return Output(jnp.sum(x), err < 1e-3)\n"
                "@jax.jit\ndef loss(x):\n    out = solve(x)\n"
                "    if out.converged:\n        return out.cost\n    return jnp.nan\n"
                "y = loss(jnp.ones(3))\n"),
        # A NamedTuple field of a `while_loop`'s carry: every leaf of a carry is a tracer
        # (https://github.com/google/jaxopt/pull/350).
        Invalid(_JNP + "from typing import NamedTuple\n"
                "class State(NamedTuple):\n    n: jax.Array\n    failed: jax.Array\n"
                "def cond(carry):\n    x, state = carry\n"
                "    return (state.n < 3) & (not state.failed)\n"
                "def body(carry):\n    x, state = carry\n"
                "    return x * 0.5, State(state.n + 1, x.sum() > 9.0)\n"
                "@jax.jit\ndef run(x):\n"
                "    state = State(jnp.asarray(0), jnp.asarray(False))\n"
                "    return jax.lax.while_loop(cond, body, (x, state))[0]\n"
                "y = run(jnp.ones(3))\n"),
        # A def rebound to its jitted self, a count the call passes (so jit traces it)
        # (a power iteration: https://github.com/QuantEcon/lecture-jax/issues/95).
        Invalid(_JNP + "def power(a, iterations=15):\n    b = jnp.ones(a.shape[1])\n"
                "    for _ in range(iterations):\n        b = a @ b\n    return b\n"
                "power = jax.jit(power)\n"
                "y = power(jnp.eye(2), iterations=25)\n"),
    ]


def _short(name: str) -> str:
    return name if len(name) <= 60 else name[:57] + "..."


def _advice(what: str) -> str:
    if what.startswith("`range()"):
        return "loop with `lax.fori_loop` or `lax.scan`, or make the bound static"
    if what.startswith(("an `if`", "a `while`", "a conditional", "`not`", "`and`", "`or`",
                        "a comprehension")):
        return ("keep it an array (`jnp.where`, `lax.cond`, `lax.while_loop`), or make it "
                "static")
    if what.startswith("an `assert`"):
        return "check it outside the traced function, or with `checkify`"
    if what.startswith("NumPy"):
        return "use `jax.numpy` on traced values"
    if what.startswith(("`.item()", "`.tolist()")):
        return "keep it an array"
    return "compute it from static values (mark the argument static), or keep it an array"
