from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.abstract_eval import Context, body_returns, step_params, value_of
from scanlint.semantic.avals import (Aval, Container, Value, dtype_differs, shape_differs,
                                     under_x64)
from scanlint.semantic.carry import StepFunction, resolve_init, step_function
from scanlint.semantic.model import FileModel, ScanSite
from scanlint.semantic.x64 import x64_at, x64_enabled

_JNP = "import jax\nimport jax.numpy as jnp\n"
# A rollout whose carry keeps the last reward of an environment's `step` method.
_CHAIN = (_JNP + "class Chain:\n    def step(self, state, action):\n"
          "        reward = jnp.where(action == state, {reward})\n"
          "        return state + 1, reward\n"
          "env = Chain()\ndef rollout(actions):\n    def body(carry, action):\n"
          "        state, reward = env.step(carry[0], action)\n"
          "        return (state, reward), reward\n"
          "    init = (jnp.int32(0), jnp.zeros((), jnp.float32))\n"
          "    return jax.lax.scan(body, init, actions)\n"
          "out = rollout(jnp.ones(4, jnp.int32))\n")


class CarryTypeMismatch(Rule):
    """
    ## What it does
    Compares, slot by slot, the dtype and shape the init visibly has with those of the carry
    each `return` of the body builds: an int carry made float (`c / 2`, `c + 0.5`,
    `jnp.sqrt(c)`), a `float16` carry mixed with a `float32` array, a real carry given a
    complex value (`jnp.vdot` of complex vectors, `jnp.fft.fft`, `jnp.linalg.eigvals`), an
    `.astype(...)` to another dtype, a carry grown by `jnp.append`, `jnp.concatenate` or
    `jnp.stack` (by another slot of the carry too, when its shape shows elements), a shape
    changed by broadcasting (a scalar init, an array returned; `jnp.where(done, init, c)`
    broadcasts with its condition). The init is followed when the call passes a name bound
    to it once. The body may be a def, a lambda, a method (`self.step`), a
    `functools.partial` of one (its bound arguments' values are read), and the loop jax's
    or Flax NNX's (`nnx.fori_loop`, `nnx.while_loop`, `nnx.scan` with the carry where its
    `in_axes` put `nnx.Carry` and the init from the one call of the scanned function).

    Only what the code shows counts: literals, array makers with literal shapes and dtypes
    (`zeros`, `ones`, `full`, `eye`, `identity`, `linspace`, `arange`, `jax.random.normal`),
    `.astype`, arithmetic on known values, lists and tuples built by `*` of an int
    constant (`[jnp.zeros((), jnp.float16)] * N`), by `+` of lists, by slicing
    (`carry[1:]`) and by a comprehension over such a sequence, `zip`, `enumerate` or
    `range` of int constants (`[a + b for a, b in zip(c[1:], c[:-1])]`,
    `tuple(h * w for h in carry)`), reductions (`keepdims=True` keeps the reduced axes
    as 1), basic indexing (`x[0]`, `x[None]`, `x[:, 1:3]`), names bound once to them, calls
    of the file's functions (what they return) and of methods of its plain classes on an
    object the code shows (`env.step(state, action)` with `env = Env()`), NamedTuple fields,
    shapes spelled with int constants (`jnp.zeros((T,))`, `jnp.arange(T)`); a parameter of
    the enclosing function, through the value every call of it in the file passes (an init
    the caller casts, `rnn(h.astype(jnp.bfloat16), xs, w)`; `jax.jit(f)(...)` counts as a
    call). A mean, variance or a float function (`jnp.exp`) is floating whatever its
    operand, so it makes an integer carry float even when nothing else is known. Anything
    else is unknown and never reported. A Python scalar init (`0`, `0.0`, `jnp.array(0)`)
    is weakly typed and JAX promotes it to the body's dtype, so only its shape, or a lower
    kind (`0.0` in, an int out), is a mismatch.

    Defaults (`jnp.zeros(3)` is float32, or float64 with `jax_enable_x64`; a NumPy scalar of
    a Python number, `np.log1p(-1 / n)`, is float64 and becomes float32 without it) are
    compared only where no setting could make them match (`float16`), unless the file itself
    turns `jax_enable_x64` on where the loop runs: at module level
    (`jax.config.update("jax_enable_x64", True)`, or `os.environ["JAX_ENABLE_X64"] = "1"`
    before it imports jax), or around a call that reaches the loop, up to three calls above
    it (`with jax.enable_x64(True):`, or an earlier statement of that function making the
    `config.update`, itself or through a helper of the file). Then a default is 64-bit,
    and an explicit `float32` init against a body computing in defaults (`jnp.zeros(n)`,
    `jnp.linspace(...)`, a NumPy constant, a default float times a value the code does not
    show: at least float64 whatever it is) is reported. A conftest or the shell's environment
    are not read: what is reported in a file depends on the file
    alone (the result cache is keyed by its content).

    ## Why is this bad?
    JAX requires the carry to keep one dtype and shape and fails at trace time: "scan body
    function carry input and carry output must have equal types" (`while_loop body
    function ...` for `while_loop` and a `fori_loop` with traced bounds). A carry cannot grow:
    preallocate it and write into it with `.at[i].set(...)`, or return the per-step values as
    the scan's `ys`. A test runs the invalid cases below under JAX to keep this true.

    ## Example
    ```python
    def step(count, x):
        return count / 2 + x, count          # int32 in, float32 out
    jax.lax.scan(step, jnp.zeros(3, jnp.int32), xs)
    ```

    ## Use instead
    ```python
    jax.lax.scan(step, jnp.zeros(3, jnp.float32), xs)
    ```
    """

    CODE = "SCN208"
    NAME = "carry-type-mismatch"
    MESSAGE = "Carry `{path}` starts as {start} but the body returns {out}"
    GROWN = ("The body grows carry `{path}` ({start}) with `jnp.{how}` at every step; "
             "its shape must stay the same")
    JAX_ERROR = "carry input and carry output must have equal types"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site, methods=True)
            if step is None or step.carry_param is None:
                continue
            found = _first_change(ctx.model, site, step)
            if found is None:
                continue
            where, message = found
            if step.is_def:
                yield ctx.diagnostic(self, where, message)
            else:
                yield ctx.diagnostic(self, site.call, message, statement=site.statement)

    VALID = [
        # A Python scalar init is weakly typed: JAX promotes it to the body's float.
        _JNP + "out = jax.lax.scan(lambda c, x: (c + x, c), 0, jnp.ones(3))\n",
        _JNP + "out = jax.lax.scan(lambda c, x: (c + x, c), jnp.array(0), jnp.ones(3))\n",
        # A Python float keeps a float16 carry float16; `//` and `+ 1` keep an int carry int.
        _JNP + "def step(c, x):\n    return c * 0.5, c\n"
        "out = jax.lax.scan(step, jnp.zeros(2, jnp.float16), jnp.ones(3))\n",
        _JNP + "def body(i, c):\n    c = c // 2\n    return c + 1\n"
        "out = jax.lax.fori_loop(0, 3, body, jnp.zeros(2, jnp.int32))\n",
        # A rolling buffer keeps its shape; `.at[...].set` keeps the carry's dtype.
        _JNP + "def step(buf, x):\n    buf = jnp.concatenate([buf[1:], x[None]])\n"
        "    return buf, buf[0]\nout = jax.lax.scan(step, jnp.zeros(4), jnp.ones(5))\n",
        _JNP + "def body(i, c):\n    return c.at[i].set(1)\n"
        "out = jax.lax.fori_loop(0, 3, body, jnp.zeros(3, jnp.int32))\n",
        # A mean (floating, or complex) into a carry of unknown or floating type; a
        # reduction keeping its axes into a carry of that shape.
        _JNP + "def run(c0, xs):\n    return jax.lax.scan(lambda c, b: (c + jnp.mean(b), c), c0, xs)\n",
        _JNP + "def run(xs):\n    return jax.lax.scan(lambda c, b: (c + jnp.mean(b), c), "
        "jnp.zeros((), jnp.complex64), xs)\nout = run(jnp.ones((3, 2), jnp.complex64))\n",
        _JNP + "def step(c, x):\n    return c + jnp.sum(x, axis=1, keepdims=True), x\n"
        "out = jax.lax.scan(step, jnp.zeros((3, 1)), jnp.ones((2, 3, 4)))\n",
        # A helper of the file returning the carry's type.
        _JNP + "def advance(c, x):\n    return c + x\n"
        "def step(c, x):\n    return advance(c, x), c\n"
        "out = jax.lax.scan(step, jnp.zeros(2, jnp.int32), jnp.ones((3, 2), jnp.int32))\n",
        # What a call returns is not known: nothing is reported.
        _JNP + "def step(c, x):\n    return jnp.int32(0) + advance(c, x), c\n"
        "def advance(c, x):\n    return c + x\n"
        "out = jax.lax.scan(step, jnp.zeros(2, jnp.int32), jnp.ones(3, jnp.int32))\n",
        # A count of True values (an int) added to an int carry.
        _JNP + "def step(c, x):\n    return c + jnp.sum(x > 0), c\n"
        "out = jax.lax.scan(step, jnp.zeros((), jnp.int32), jnp.ones((3, 2)))\n",
        # A helper defined inside the body returns a float: not the body's return.
        _JNP + "def body(i, c):\n    def halved():\n        return c * 0.5\n"
        "    return c + 1\nout = jax.lax.fori_loop(0, 3, body, jnp.zeros(2, jnp.int32))\n",
        # An unsigned carry plus a Python int stays unsigned.
        _JNP + "out = jax.lax.scan(lambda c, x: (c + 1, c), jnp.zeros((), jnp.uint8), "
        "jnp.ones(3))\n",
        # A complex slot takes `jnp.vdot`; a float slot the magnitude of an FFT.
        _JNP + "def run(m, v0):\n    def body(s):\n        i, v, lam = s\n"
        "        w = m @ v\n        return i + 1, w, jnp.vdot(v, w)\n"
        "    init = (0, v0, jnp.zeros((), jnp.complex64))\n"
        "    return jax.lax.while_loop(lambda s: s[0] < 3, body, init)\n"
        "out = run(jnp.eye(2, dtype=jnp.complex64), jnp.ones(2, jnp.complex64))\n",
        _JNP + "def step(h, x):\n    return jnp.abs(jnp.fft.fft(h + x)), h\n"
        "out = jax.lax.scan(step, jnp.zeros(4, jnp.float32), jnp.ones((3, 4)))\n",
        # A list carry made by `*`, rebuilt by `+` and a comprehension, its dtype kept
        # (xs of the carry's dtype); a list changed in place after it is built (not
        # followed: `out[0]` is cast back).
        _JNP + "N = 3\ndef func(carry, x):\n"
        "    new = [carry[0] + x] + [a + b for a, b in zip(carry[1:], carry[:-1])]\n"
        "    return new, None\ninit = [jnp.zeros((), jnp.float16)] * N\n"
        "out = jax.lax.scan(func, init, jnp.ones(5, jnp.float16))\n",
        _JNP + "def step(c, x):\n    out = [c[0] + x]\n"
        "    out[0] = out[0].astype(jnp.float16)\n    return out, None\n"
        "out = jax.lax.scan(step, [jnp.zeros((), jnp.float16)], jnp.ones(3))\n",
        _JNP + "def run(xs):\n    w = jnp.ones(2, jnp.float16)\n"
        "    def step(carry, x):\n        return tuple(h * w for h in carry), x\n"
        "    init = tuple(jnp.zeros(2, jnp.float16) for _ in range(3))\n"
        "    return jax.lax.scan(step, init, xs)\nout = run(jnp.ones(4))\n",
        # Two carry slots appended into the per-step output, not into a carry.
        _JNP + "def step(c, x):\n    t, hist = c\n"
        "    return (t + x, hist), jnp.append(hist, t)\n"
        "out = jax.lax.scan(step, (0.0, jnp.zeros(2)), jnp.ones(3))\n",
        # A name rebound by a starred unpacking holds what it unpacks, not its old value.
        _JNP + "def step(c, x):\n    d = jnp.zeros((), jnp.int32)\n    d, *_ = (c + x, 1)\n"
        "    return d, c\nout = jax.lax.scan(step, jnp.float32(0.0), jnp.ones(3))\n",
        # x64 on, but the body casts back to the carry's dtype.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'jax.config.update("jax_enable_x64", True)\n'
         'def body(i, c):\n'
         '    return (c + jnp.zeros(3)).astype(jnp.float32)\n'
         'out = jax.lax.fori_loop(0, 3, body, jnp.zeros(3, jnp.float32))\n'),
        # x64 on; `self`'s attribute is assigned twice: not known, not reported.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'import numpy as np\n'
         'jax.config.update("jax_enable_x64", True)\n'
         'class Sampler:\n'
         '    def __init__(self, values):\n'
         '        self.values = np.asarray(values, dtype=np.float32)\n'
         '    def widen(self):\n'
         '        self.values = self.values.astype(np.float64)\n'
         '    def run(self):\n'
         '        def body(state):\n'
         '            i, live = state\n'
         '            return i + 1, live + jnp.linspace(0.0, 1.0, 3)\n'
         '        self.widen()\n'
         '        return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, self.values))\n'
         'out = Sampler([1.0, 2.0, 3.0]).run()\n'),
        # The function is called before the statement that turns x64 on.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'def solve(y0, n):\n'
         '    grid = jnp.linspace(0.0, 1.0, 3)\n'
         '    def step(y, _):\n'
         '        return y + 0.1 * grid, y\n'
         '    return jax.lax.scan(step, y0, None, length=n)\n'
         'def main():\n'
         '    first = solve(jnp.zeros(3, dtype="float32"), 4)\n'
         '    jax.config.update("jax_enable_x64", True)\n'
         '    return first\n'
         'out = main()\n'),
        # x64 turned on only in a function (not seen, and not called): defaults are
        # float32.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'import numpy as np\n'
         'def run():\n'
         '    shrink = np.log1p(-1.0 / 50)\n'
         '    def body(i, c):\n'
         '        return c + jnp.zeros(3) + shrink\n'
         '    return jax.lax.fori_loop(0, 3, body, jnp.zeros(3, jnp.float32))\n'
         'def enable_x64():\n'
         '    jax.config.update("jax_enable_x64", True)\n'
         'out = run()\n'),
        # The environment's reward is a float.
        _CHAIN.format(reward="1.0, -1.0"),
        # The reset's condition is a scalar (`done[-1]`): the slot keeps its shape.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'T = 8\n'
         'def update(carry, key):\n'
         '    done = jnp.arange(T) == T - 1\n'
         '    speed = jax.random.normal(key, (T,))\n'
         '    avg = jnp.where(done[-1], jnp.zeros(()), carry["avg"])\n'
         '    return {"avg": 0.9 * avg + 0.1 * speed.mean()}, avg.sum()\n'
         'keys = jax.random.split(jax.random.PRNGKey(0), 3)\n'
         'out = jax.lax.scan(update, {"avg": jnp.zeros(())}, keys)\n'),
        # `nnx.scan` with `out_axes=nnx.Carry`: the body returns the carry alone.
        ('import jax\n'
         'import jax.numpy as jnp\n'
         'from flax import nnx\n'
         '@nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)\n'
         'def total(c, x):\n'
         '    return c + x\n'
         'out = total(jnp.zeros(3, jnp.float32), jnp.ones((4, 3)))\n'),
    ]

    INVALID = [
        Invalid(_JNP + "def step(count, x):\n    return count / 2 + x, count\n"
                "out = jax.lax.scan(step, jnp.zeros(3, jnp.int32), jnp.ones(4))\n"),
        # An int literal array is int32; `+ 0.5` makes it float.
        Invalid(_JNP + "def body(i, c):\n    return c + 0.5\n"
                "out = jax.lax.fori_loop(0, 3, body, jnp.array([1, 2, 3]))\n"),
        # float16 plus a float32 array is float32.
        Invalid(_JNP + "def step(c, x):\n    c = c + jnp.ones(3)\n    return c, x\n"
                "out = jax.lax.scan(step, jnp.zeros(3, jnp.float16), jnp.ones(2))\n"),
        # An explicit cast in a while loop.
        Invalid("from jax import lax\nimport numpy as np\n"
                "out = lax.while_loop(lambda u: u < 5, lambda u: u.astype(np.float16), "
                "np.float32(1.0))\n"),
        # A carry grown at every step.
        Invalid(_JNP + "def step(history, x):\n    history = jnp.append(history, x)\n"
                "    return history, x\n"
                "out = jax.lax.scan(step, jnp.zeros(1), jnp.ones(3))\n"),
        # A slot of a tuple init bound to a name first.
        Invalid(_JNP + "def run(xs):\n    def step(c, x):\n        s, n = c\n"
                "        return (s + x, n / 2), s\n"
                "    state = (jnp.zeros(()), jnp.int32(8))\n"
                "    return jax.lax.scan(step, state, xs)\n"
                "out = run(jnp.ones(3))\n"),
        # A Python 0 grown to a vector by broadcasting (a fori_loop over a tuple).
        Invalid(_JNP + "def run():\n    table = jnp.ones((4, 4))\n"
                "    def body(i, ab):\n        a, b = ab\n"
                "        return (a - b[i] * b[i + 1], b)\n"
                "    return jax.lax.fori_loop(0, 3, body, (0, table))\n"
                "out = run()\n"),
        # A scalar slot gets `keepdims=True`'s shape (1,); xs comes from the caller.
        Invalid(_JNP + "def episode(obs_seq):\n    def step(state, obs):\n"
                "        reward = jnp.sum(obs ** 2, keepdims=True)\n"
                "        return {'obs': obs, 'reward': reward}, reward\n"
                "    init = {'obs': jnp.zeros(3), 'reward': jnp.zeros(())}\n"
                "    return jax.lax.scan(step, init, obs_seq)\nout = episode(jnp.ones((4, 3)))\n"),
        # `x[None]` adds an axis.
        Invalid(_JNP + "def body(i, h):\n    return h[None] * 0.5\n"
                "out = jax.lax.fori_loop(0, 3, body, jnp.ones(4))\n"),
        # An int32 total gets a mean of whatever the batches are (not modelled here).
        Invalid(_JNP + "def average(batches):\n    def step(total, b):\n"
                "        return total + jnp.mean(b), None\n"
                "    return jax.lax.scan(step, jnp.array(0, dtype=jnp.int32), batches)[0]\n"
                "out = average(jax.nn.one_hot(jnp.arange(3), 4))\n"),
        # The caller casts the init to bfloat16; float32 weights (`jnp.eye`) promote it.
        Invalid(_JNP + "def rnn(h0, xs, w):\n    def step(h, x):\n"
                "        h = jnp.tanh(w @ h + x)\n        return h, h\n"
                "    return jax.lax.scan(step, h0, xs)\n"
                "out = rnn(jnp.zeros(3).astype(jnp.bfloat16), jnp.ones((2, 3)), jnp.eye(3))\n"),
        # A NamedTuple field made float by a helper of the file.
        Invalid("from typing import NamedTuple\n" + _JNP +
                "class Acc(NamedTuple):\n    n: jax.Array\n    s: jax.Array\n"
                "def halve(v):\n    return v / 2\n"
                "def body(i, a):\n    return a._replace(n=halve(a.n))\n"
                "out = jax.lax.fori_loop(0, 3, body, Acc(jnp.int32(8), jnp.zeros(2)))\n"),
        # A dict slot.
        Invalid(_JNP + "out = jax.lax.scan(lambda c, x: ({'n': c['n'] + 1.5}, x), "
                "{'n': jnp.zeros((), jnp.int32)}, jnp.ones(2))\n"),
        # A float32 slot of a tuple init bound to a name gets `jnp.vdot` of complex vectors
        # (the caller passes them), or an eigenvalue (`eigvals` is complex for any input).
        Invalid(_JNP + "def run(m, v0):\n    def body(s):\n        i, v, lam = s\n"
                "        w = m @ v\n        return i + 1, w, jnp.vdot(v, w)\n"
                "    init = (0, v0, jnp.zeros((), jnp.float32))\n"
                "    return jax.lax.while_loop(lambda s: s[0] < 3, body, init)\n"
                "out = run(jnp.eye(2, dtype=jnp.complex64), jnp.ones(2, jnp.complex64))\n"),
        Invalid(_JNP + "def body(i, lam):\n    return jnp.linalg.eigvals(jnp.eye(2) * i)[0]\n"
                "out = jax.lax.fori_loop(0, 3, body, jnp.zeros((), jnp.float32))\n"),
        Invalid(_JNP + "def step(h, x):\n    return jnp.fft.fft(h + x), h\n"
                "out = jax.lax.scan(step, jnp.zeros(4, jnp.float32), jnp.ones((3, 4)))\n"),
        # Sequences built by `*`, `+` and comprehensions: a float16 slot promoted by a
        # float32 weight (`tuple(... for ...)` of a generator), an int32 list halved.
        Invalid(_JNP + "def run(xs):\n    w = jnp.ones(2)\n"
                "    def step(carry, x):\n        return tuple(h * w for h in carry), x\n"
                "    init = tuple(jnp.zeros(2, jnp.float16) for _ in range(3))\n"
                "    return jax.lax.scan(step, init, xs)\nout = run(jnp.ones(4))\n"),
        Invalid(_JNP + "K = 2\ndef body(i, counts):\n"
                "    return [counts[0] + 1] + [c / 2 for c in counts[1:]]\n"
                "out = jax.lax.fori_loop(0, 3, body, [jnp.zeros((), jnp.int32)] * (K + 1))\n"),
        # A history grown by another carry slot (`x` of the same carry), from an empty array.
        Invalid("import jax.numpy as jnp\nfrom jax import lax\n"
                "def body(state):\n    x, hist = state\n"
                "    return x + 1.0, jnp.append(hist, x)\n"
                "out = lax.while_loop(lambda s: s[0] < 3.0, body, (0.0, jnp.zeros(0)))\n"),
        # With `jax_enable_x64` on in the file, a default-dtype array (`jnp.zeros(n)`) is
        # float64.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'jax.config.update("jax_enable_x64", True)\n'
                'def body(i, c):\n'
                '    return c + jnp.zeros(3)\n'
                'out = jax.lax.fori_loop(0, 3, body, jnp.zeros(3, jnp.float32))\n'),
        # x64 turned on only in the function that calls the one holding the loop
        # (https://github.com/patrick-kidger/diffrax/issues/85; `with jax.enable_x64(True):`
        # counts the same, a release of jax that has it).
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'def solve(y0, n):\n'
                '    grid = jnp.linspace(0.0, 1.0, 3)\n'
                '    def step(y, _):\n'
                '        y = jnp.clip(y + 0.1 * grid, 0.0, 1.0)\n'
                '        return y, y\n'
                '    return jax.lax.scan(step, y0, None, length=n)\n'
                'def main():\n'
                '    jax.config.update("jax_enable_x64", True)\n'
                '    return solve(jnp.zeros(3, dtype="float32"), 4)\n'
                'out = main()\n'),
        # ... where `jnp.prod` of int32 values comes back int64, the default int
        # (https://github.com/jax-ml/jax/issues/3154).
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'def count(choices):\n'
                '    def add(total, c):\n'
                '        return total + jnp.prod(c, axis=-1), None\n'
                '    init = jnp.zeros(choices.shape[1], dtype=jnp.int32)\n'
                '    return jax.lax.scan(add, init, choices)\n'
                'def main():\n'
                '    jax.config.update("jax_enable_x64", True)\n'
                '    return count(jnp.ones((3, 2, 4), dtype=jnp.int32))\n'
                'out = main()\n'),
        # ... or after a function's earlier statement turns it on (here through a helper of
        # the file), two calls above the loop; a norm keeps its operand's precision.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'def use_doubles():\n'
                '    jax.config.update("jax_enable_x64", True)\n'
                'def body(c):\n'
                '    i, x = c\n'
                '    d = jax.random.normal(jax.random.key(i), (3,))\n'
                '    return i + 1, x + d / jnp.linalg.norm(d)\n'
                'def inner(x):\n'
                '    return jax.lax.while_loop(lambda c: c[0] < 3, body, (0, x))\n'
                'def outer(x):\n'
                '    return inner(x)\n'
                'def main():\n'
                '    use_doubles()\n'
                '    return outer(jnp.ones(3, jnp.float32))\n'
                'out = main()\n'),
        # ... and so is a NumPy scalar of a Python number (`np.log1p(-1 / 50)`), captured.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'import numpy as np\n'
                'jax.config.update("jax_enable_x64", True)\n'
                'def run(log_l):\n'
                '    shrink = np.log1p(-1.0 / 50)\n'
                '    def body(s):\n'
                '        n, log_x = s\n'
                '        return n + 1, log_x + shrink\n'
                '    return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, jnp.float32(0.0)))\n'
                'out = run(jnp.ones(3))\n'),
        # ... and so is a carry that a method of `self` makes from an attribute its
        # `__init__` makes float32 (https://github.com/Joshuaalbert/jaxns/issues/60).
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'import numpy as np\n'
                'jax.config.update("jax_enable_x64", True)\n'
                'class Sampler:\n'
                '    def __init__(self, values):\n'
                '        self.values = np.asarray(values, dtype=np.float32)\n'
                '    def start(self):\n'
                '        return (0, jnp.asarray(self.values))\n'
                '    def run(self):\n'
                '        def body(state):\n'
                '            i, live = state\n'
                '            return i + 1, live + jnp.linspace(0.0, 1.0, 3)\n'
                '        return jax.lax.while_loop(lambda s: s[0] < 3, body, self.start())\n'
                'out = Sampler([1.0, 2.0, 3.0]).run()\n'),
        # An environment's `step` method (a plain class of the file) returns an int reward.
        Invalid(_CHAIN.format(reward="1, -1")),
        # A dict slot reset by `jnp.where` with a per-step condition becomes a vector.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'T = 8\n'
                'def update(carry, key):\n'
                '    done = jnp.arange(T) == T - 1\n'
                '    speed = jax.random.normal(key, (T,))\n'
                '    avg = jnp.where(done, jnp.zeros(()), carry["avg"])\n'
                '    return {"avg": 0.9 * avg + 0.1 * speed.mean()}, avg.sum()\n'
                'keys = jax.random.split(jax.random.PRNGKey(0), 3)\n'
         'out = jax.lax.scan(update, {"avg": jnp.zeros(())}, keys)\n'),
        # A body given as `functools.partial`, its keyword bound to a Python float.
        Invalid('import functools\n'
                'import jax\n'
                'import jax.numpy as jnp\n'
                'def body(i, count, rate):\n'
                '    return count * rate\n'
                'out = jax.lax.fori_loop(0, 3, functools.partial(body, rate=0.5), jnp.int32(8))\n'),
        # A method bound through `functools.partial(self._body, xs=xs)`: a mean into an int.
        Invalid('import functools\n'
                'import jax\n'
                'import jax.numpy as jnp\n'
                'class Averager:\n'
                '    def _body(self, i, total, xs):\n'
                '        return total + jnp.mean(xs[i])\n'
                '    def run(self, xs):\n'
                '        body = functools.partial(self._body, xs=xs)\n'
                '        return jax.lax.fori_loop(0, xs.shape[0], body, jnp.int32(0))\n'
                'out = Averager().run(jnp.ones((3, 2), jnp.int32))\n'),
        # Flax NNX's `fori_loop`, x64 on: a default-dtype time grid makes the state float64.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'from flax import nnx\n'
                'jax.config.update("jax_enable_x64", True)\n'
                'def solve(y0, num_steps=10):\n'
                '    ts = jnp.linspace(0.0, 1.0, num_steps + 1)\n'
                '    def euler(i, y):\n'
                '        return y + (ts[i + 1] - ts[i]) * jnp.tanh(y)\n'
                '    return nnx.fori_loop(0, num_steps, euler, y0)\n'
                'out = solve(jnp.ones(2, jnp.float32))\n'),
        # Flax NNX's `scan` as a decorator, the carry placed by `in_axes`.
        Invalid('import jax\n'
                'import jax.numpy as jnp\n'
                'from flax import nnx\n'
                'def run(xs):\n'
                '    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))\n'
                '    def step(count, x):\n'
                '        return count / 2 + x, count\n'
                '    return step(jnp.zeros(3, jnp.int32), xs)\n'
                'out = run(jnp.ones((4, 3)))\n'),
    ]


def _first_change(model: FileModel, site: ScanSite,
                  step: StepFunction) -> tuple[cst.CSTNode, str] | None:
    """(where, message) of the first return whose carry visibly changes type."""
    init = resolve_init(model, site)
    if init is None:
        return None
    start = _labelled(value_of(init.expr, Context(model, init.scope, {}, set())),
                      step.carry_name)
    if start is None:
        return None
    for returned in body_returns(model, step, step_params(model, site, step, start)):
        out = value_of(returned.value, returned.ctx)
        if step.returns_pair is None:
            continue
        if step.returns_pair:
            out = out.items[0] if isinstance(out, Container) and out.kind == "tuple" and len(
                out.items) == 2 else None
        message = _change(start, out, step.carry_name, x64_enabled(model))
        if message is None and model.spells("x64") and _change(
                start, out, step.carry_name, True) is not None and x64_at(
                model, site.call, site.scope):  # asked last: it may read the callers
            message = _change(start, out, step.carry_name, True)
        if message is not None:
            return returned.where, message
    return None


def _labelled(value: Value, path: str) -> Value:
    """``value`` with each leaf's origin set to its path in the carry (`c`, `c[0]`, `c['k']`)."""
    if isinstance(value, Aval):
        return replace(value, origin=path, grown=None, grown_by=None)
    if isinstance(value, Container) and value.kind in ("tuple", "list", "dict", "record"):
        keys = value.keys or range(len(value.items))
        paths = [f"{path}.{key}" if value.kind == "record" else f"{path}[{key!r}]"
                 for key in keys]
        return replace(value, items=tuple(_labelled(item, inner)
                                          for inner, item in zip(paths, value.items)))
    return value


def _change(start: Value, out: Value, path: str, x64: bool) -> str | None:
    if isinstance(start, Container) and isinstance(out, Container):
        if start.kind != out.kind or start.keys != out.keys or start.name != out.name \
                or len(start.items) != len(out.items):
            return None  # a structure change: SCN201's
        for before, after in zip(start.items, out.items):
            found = _change(before, after, getattr(before, "origin", None) or path, x64)
            if found is not None:
                return found
        return None
    if not (isinstance(start, Aval) and isinstance(out, Aval)):
        return None
    label = start.origin or path
    if out.grown is not None and start.origin in out.grown:
        return CarryTypeMismatch.GROWN.format(path=label, start=start.describe(),
                                              how=out.grown_by)
    if dtype_differs(start, out, x64) or shape_differs(start, out):
        note = x64 and not dtype_differs(start, out) and not shape_differs(start, out)
        if x64:
            start, out = under_x64(start), under_x64(out)
        message = CarryTypeMismatch.MESSAGE.format(path=label, start=start.describe(x64),
                                                   out=out.describe(x64))
        return message + (" (`jax_enable_x64` is on where it runs)" if note else "")
    return None
