from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.tracing import tracing_events

_JNP = "import jax\nimport jax.numpy as jnp\n"


class GradThroughDynamicLoop(Rule):
    """
    ## What it does
    Finds a `lax.while_loop`, or a `lax.fori_loop` whose bounds are traced, that a
    reverse-mode transformation reaches (`jax.grad`, `value_and_grad`, `vjp`, `jacrev`,
    `hessian`, Flax NNX's and equinox's), when the loop's carry or body depends on a
    value being differentiated. The loop is followed across the file: into the functions the
    differentiated function calls (by name, a method, `functools.partial`, a callable object
    it is passed, a function another transformation wraps) and into other loops' bodies.

    A `fori_loop` bound is traced when it is a parameter `jax.jit` traces (not in
    `static_argnums`/`static_argnames`), an enclosing loop's index or carry, or computed from
    one; a Python `int` passed through `jax.grad` (not a differentiated argument) is not.
    A function with a custom derivative (`jax.custom_vjp`, `jax.custom_jvp`) is not
    followed: its own rule says how to differentiate it.

    ## Why is this bad?
    JAX differentiates a loop in reverse by storing every step, which needs the number of
    steps when it traces: a `while_loop` has none, and a `fori_loop` with traced bounds is
    lowered to a `while_loop`. `jax.grad` then raises "Reverse-mode differentiation does
    not work for lax.while_loop or lax.fori_loop with dynamic start/stop values", found only
    when the gradient is first taken (often long after the loop was written and tested
    forward). Where the carry depends on the differentiated value only through comparisons
    (a bisection moving its bounds with `jnp.where`), JAX raises nothing and the gradient
    is silently zero. A test runs the invalid cases below under JAX and checks that error.

    ## Example
    ```python
    @jax.jit
    def rollout(gain, x0, n_steps):
        return jax.lax.fori_loop(0, n_steps, lambda t, x: A @ x - B * (gain @ x), x0)

    jax.grad(lambda g: jnp.sum(rollout(g, x0, 20) ** 2))(gain)
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="n_steps")
    def rollout(gain, x0, n_steps):
        return jax.lax.fori_loop(0, n_steps, lambda t, x: A @ x - B * (gain @ x), x0)
    ```
    (or a `lax.scan` of a fixed length that masks the steps past the end, or a custom VJP,
    e.g. implicit differentiation of a fixed point). No fix is offered: each of these
    changes how the loop is written or what it computes.
    """

    CODE = "SCN210"
    NAME = "grad-through-dynamic-loop"
    MESSAGE = "Reverse-mode differentiation ({origin}) reaches this {what}: {why}"
    PROGRAM = True
    JAX_ERROR = "Reverse-mode differentiation does not work for lax.while_loop"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for event in tracing_events(ctx.program):
            if event.code != "grad":
                continue
            if event.what == "`while_loop`":
                what = "`while_loop`"
                why = ("JAX cannot differentiate a loop whose number of steps it does not know "
                       "in reverse mode; use a `lax.scan` of a fixed length (masking the "
                       "steps past convergence) or a custom VJP")
            else:
                what = "`fori_loop`"
                why = (f"its bound `{event.name}` is traced ({event.why}), so JAX runs it as "
                       "a `while_loop`, which reverse mode cannot go through; make the bound "
                       "static or loop a fixed number of times with a mask")
            message = self.MESSAGE.format(origin=event.origin, what=what, why=why)
            yield ctx.diagnostic_at(self, event.node.func, no_fix_reason(  # type: ignore
                message, "each way out changes how the loop is written"))

    VALID = [
        # The same bound method under `grad` alone: `n_steps` stays a Python int.
        _JNP + "class Rollout:\n    def __init__(self, a):\n        self.a = a\n"
        "    def loss(self, x0, n_steps):\n"
        "        def body(t, x):\n            return x * self.a\n"
        "        return jnp.sum(jax.lax.fori_loop(0, n_steps, body, x0))\n"
        "model = Rollout(0.9)\ng = jax.grad(model.loss)(jnp.ones(2), 10)\n",
        # A `custom_jvp` whose rule is closed-form: reverse mode never sees the loop.
        _JNP + "@jax.custom_jvp\n"
        "def root(c):\n"
        "    return jax.lax.while_loop(lambda z: z * z > c + 1e-6, lambda z: 0.5 * (z + c / z),"
        " c + 1.0)\n"
        "@root.defjvp\n"
        "def root_jvp(primals, tangents):\n"
        "    (c,), (dc,) = primals, tangents\n    z = root(c)\n"
        "    return z, dc / (2.0 * z)\n"
        "g = jax.grad(root)(2.0)\n",
        # The same bound under an eager `grad`: nothing stages it, so it is a concrete array.
        _JNP + "def orthonormalise(vectors):\n"
        "    count = jnp.asarray(vectors.shape[-1])\n"
        "    return jax.lax.fori_loop(1, count, lambda i, v: v * 0.5, vectors)\n"
        "def loss(m):\n    return jnp.sum(orthonormalise(m))\n"
        "g = jax.grad(loss)(jnp.ones((3, 3)))\n",
        # A fixed-length scan under grad.
        _JNP + "def loss(w, xs):\n    def step(h, x):\n        return jnp.tanh(w * h + x), h\n"
        "    h, _ = jax.lax.scan(step, 0.0, xs)\n    return h\n"
        "g = jax.grad(loss)(0.5, jnp.ones(4))\n",
        # A fori_loop with a Python bound that jit keeps static.
        "from functools import partial\n" + _JNP +
        "@partial(jax.jit, static_argnames=('n',))\ndef power(x, n):\n"
        "    return jax.lax.fori_loop(0, n, lambda i, y: y * x, 1.0)\n"
        "def loss(x, n):\n    return power(x, n=n)\n"
        "g = jax.grad(loss)(2.0, 3)\n",
        # ... and a bound passed through grad as a plain Python int (not differentiated).
        _JNP + "def loss(x, n):\n    return jax.lax.fori_loop(0, n, lambda i, y: y * x, 1.0)\n"
        "g = jax.grad(loss)(2.0, 3)\n",
        # A while_loop forward only, under jit.
        _JNP + "@jax.jit\ndef halve(x):\n"
        "    return jax.lax.while_loop(lambda v: v > 1.0, lambda v: v / 2.0, x)\n"
        "y = halve(10.0)\n",
        # A while_loop under grad on values that do not depend on what is differentiated.
        _JNP + "def loss(x):\n    n = jax.lax.while_loop(lambda k: k < 5, lambda k: k + 1, 0)\n"
        "    return x * n\n"
        "g = jax.grad(loss)(2.0)\n",
        # A solver given a lambda that closes over a constant, not the differentiated value.
        _JNP + "def fixed_point(f, z0):\n"
        "    return jax.lax.while_loop(lambda z: jnp.abs(f(z) - z) > 1e-6, f, z0)\n"
        "def loss(theta, a):\n    z = fixed_point(lambda z: jnp.cos(a * z), 0.5)\n"
        "    return theta * z\n"
        "g = jax.grad(loss)(2.0, 0.5)\n",
        # A function with a custom VJP.
        _JNP + "@jax.custom_vjp\ndef fixed_point(x):\n"
        "    return jax.lax.while_loop(lambda v: v > 1.0, lambda v: v / 2.0, x)\n"
        "def fwd(x):\n    return fixed_point(x), x\n"
        "def bwd(x, g):\n    return (g,)\n"
        "fixed_point.defvjp(fwd, bwd)\n"
        "g = jax.grad(fixed_point)(10.0)\n",
    ]

    INVALID = [
        # The gradient of a bound method, jitted: `argnums` count after `self`, so `x0` is
        # differentiated, and `jit` traces `n_steps`.
        Invalid(_JNP + "class Rollout:\n    def __init__(self, a):\n        self.a = a\n"
                "    def loss(self, x0, n_steps):\n"
                "        def body(t, x):\n            return x * self.a\n"
                "        return jnp.sum(jax.lax.fori_loop(0, n_steps, body, x0))\n"
                "model = Rollout(0.9)\ngrad_fn = jax.jit(jax.grad(model.loss))\n"
                "g = grad_fn(jnp.ones(2), 10)\n"),
        # The step count is a field of a NamedTuple config the jitted function traces
        # (https://github.com/google-deepmind/mujoco/issues/1377).
        Invalid(_JNP + "from typing import NamedTuple\n"
                "class Config(NamedTuple):\n    num_steps: jax.Array\n    target: jax.Array\n"
                "def simulate(x, controls, n):\n"
                "    return jax.lax.fori_loop(0, n, lambda t, s: s + controls[t], x)\n"
                "def loss(controls, cfg):\n"
                "    return jnp.sum((simulate(0.0, controls, cfg.num_steps) - cfg.target) ** 2)\n"
                "@jax.jit\ndef loss_and_grad(controls, cfg):\n"
                "    return jax.value_and_grad(loss)(controls, cfg)\n"
                "out = loss_and_grad(jnp.zeros(5), Config(jnp.int32(5), jnp.float32(1.0)))\n"),
        # A `custom_jvp` whose JVP rule runs the same `while_loop` on the tangents, reached
        # through `*args` (https://github.com/jax-ml/jax/issues/18311).
        Invalid(_JNP + "from functools import partial\n"
                "@partial(jax.custom_jvp, nondiff_argnums=(0,))\n"
                "def integrate(fun, a, *args):\n"
                "    def more(s):\n        return s[0] < 1.0\n"
                "    def step(s):\n        return s[0] + 0.25, s[1] + fun(s[0], *args)\n"
                "    return jax.lax.while_loop(more, step, (a, fun(a, *args)))[1]\n"
                "@integrate.defjvp\n"
                "def integrate_jvp(fun, primals, tangents):\n"
                "    a, c = primals\n    _, dc = tangents\n"
                "    return integrate(fun, a, c), integrate(fun, a, dc)\n"
                "g = jax.grad(lambda c: integrate(lambda x, k: k * x, 0.0, c))(2.0)\n"),
        # A while_loop whose body reads a differentiated value, through a callable object.
        Invalid(_JNP + "class Solver:\n    def __init__(self, tol):\n        self.tol = tol\n"
                "    def __call__(self, a):\n"
                "        def body(state):\n            i, x = state\n"
                "            return i + 1, 0.5 * (x + a / x)\n"
                "        def cond(state):\n            i, x = state\n"
                "            return (jnp.abs(x * x - a) > self.tol) & (i < 50)\n"
                "        return jax.lax.while_loop(cond, body, (0, a))[1]\n"
                "def loss(a, solver):\n    return solver(a) ** 2\n"
                "g = jax.grad(loss)(2.0, Solver(1e-3))\n"),
        # A fori_loop whose bound jit traces (not static), reached through a helper.
        Invalid(_JNP + "@jax.jit\ndef rollout(gain, x0, n_steps):\n"
                "    return jax.lax.fori_loop(0, n_steps, lambda t, x: x - gain * x, x0)\n"
                "def loss(gain, x0, n_steps):\n    return jnp.sum(rollout(gain, x0, n_steps) ** 2)\n"
                "g = jax.grad(loss)(0.1, jnp.ones(2), 20)\n"),
        # A fori_loop bounded by an enclosing loop's index, through a helper.
        Invalid(_JNP + "def partial_sum(x, n):\n"
                "    return jax.lax.fori_loop(0, n, lambda k, acc: acc * x + 1.0, 0.0)\n"
                "def total(psi):\n"
                "    def outer(n, acc):\n        return acc + partial_sum(psi[n], n)\n"
                "    return jax.lax.fori_loop(0, 4, outer, 0.0)\n"
                "g = jax.grad(total)(jnp.linspace(1.0, 0.1, 4))\n"),
        # value_and_grad of a functools.partial, a method's while_loop.
        Invalid("import functools\n" + _JNP + "class Newton:\n"
                "    def run(self, a, x0):\n"
                "        return jax.lax.while_loop(lambda x: jnp.abs(x * x - a) > 1e-4,\n"
                "                                  lambda x: 0.5 * (x + a / x), x0)\n"
                "def objective(a, x0, solver):\n    return solver.run(a, x0)\n"
                "f = functools.partial(objective, solver=Newton())\n"
                "v, g = jax.value_and_grad(f)(2.0, 1.0)\n"),
        # A bound jnp makes of a shape, which under `jit(grad(...))` is a tracer
        # (https://github.com/tensorflow/tensorflow/issues/62828, tfp's gram_schmidt).
        Invalid(_JNP + "def orthonormalise(vectors):\n"
                "    count = jnp.asarray(vectors.shape[-1])\n"
                "    vectors = vectors.at[..., 0].set(vectors[..., 0] / 2.0)\n"
                "    return jax.lax.fori_loop(1, count, lambda i, v: v * 0.5, vectors)\n"
                "def loss(m):\n    return jnp.sum(orthonormalise(m))\n"
                "g = jax.jit(jax.grad(loss))(jnp.ones((3, 3)))\n"),
        # A solver given a lambda that closes over the differentiated value: the lambda's
        # free names are read where it was made (https://github.com/jax-ml/jax/pull/16150).
        Invalid(_JNP + "def fixed_point(f, z0):\n"
                "    def more(s):\n        return jnp.max(jnp.abs(s[1] - s[0])) > 1e-6\n"
                "    def step(s):\n        return s[1], f(s[1])\n"
                "    return jax.lax.while_loop(more, step, (z0, f(z0)))[1]\n"
                "def loss(theta):\n    layer = lambda z: jnp.tanh(theta @ z + 1.0)\n"
                "    return jnp.sum(fixed_point(layer, jnp.zeros(3)) ** 2)\n"
                "g = jax.grad(loss)(0.3 * jnp.eye(3))\n"),
        # `jax.vjp` differentiates every primal: a bound method whose closure reaches a
        # Newton `while_loop` (https://github.com/danielward27/flowjax/issues/176, where a
        # bisection's carry moved only through `where` and the pullback was silently zero).
        Invalid(_JNP + "def solve(residual, y0):\n"
                "    def body(y):\n        return y - residual(y) / 2.0\n"
                "    return jax.lax.while_loop(lambda y: jnp.abs(residual(y)) > 1e-6, body, y0)\n"
                "class Flow:\n    def inverse(self, x):\n"
                "        return solve(lambda y: y + jnp.tanh(y) - x, x)\n"
                "flow = Flow()\n"
                "out, pull = jax.vjp(flow.inverse, jnp.array(0.3))\n"
                "(g,) = pull(jnp.array(1.0))\n"),
    ]
