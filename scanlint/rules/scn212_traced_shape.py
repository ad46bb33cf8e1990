from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.tracing import tracing_events

_JNP = "import jax\nimport jax.numpy as jnp\n"


class TracedShape(Rule):
    """
    ## What it does
    Finds an array size or shape that comes from a traced value, in a function JAX traces
    (the functions SCN211 follows): a size or shape argument (`jnp.arange(n)`,
    `jnp.zeros(n)`, `jnp.linspace(a, b, num)`, `jnp.eye(n)`, `.reshape(n, -1)`,
    `jnp.tile`, a `jax.random` draw's `shape`, `lax.dynamic_slice`'s sizes, `scan`'s
    `length`), a slice bound (`x[:n]`), a boolean mask (`x[x > 0]`, `.at[mask]`), and the
    functions whose result's size is what a traced value selects, without `size=`
    (`jnp.nonzero`, `jnp.argwhere`, `jnp.unique`, one-argument `jnp.where`, ...).

    ## Why is this bad?
    Every array's shape must be known when JAX traces: a traced size has no value then.
    JAX raises (`ConcretizationTypeError`, "Shapes must be 1D sequences of concrete values",
    `NonConcreteBooleanIndexError`, "size argument of jnp.nonzero must be statically
    specified", "Array slice indices must have static start/stop/step") the first time the
    function is traced. A test runs the invalid cases below under JAX and checks the error.

    ## Example
    ```python
    @jax.jit
    def decay(rate, n_steps):
        return jnp.exp(-rate * jnp.arange(n_steps))
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="n_steps")
    def decay(rate, n_steps):
        return jnp.exp(-rate * jnp.arange(n_steps))
    ```
    A mask selects with the three-argument `jnp.where(mask, x, 0)`, or `jnp.nonzero(mask,
    size=k, fill_value=...)` with a fixed `k`. No fix is offered: whether the size can be
    static (one compile per value), or padded to a bound, is the caller's decision.
    """

    CODE = "SCN212"
    NAME = "traced-shape"
    MESSAGE = "{what} is `{name}`, which is traced ({why}): {advice}"
    PROGRAM = True
    JAX_ERROR = "concrete"

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for event in tracing_events(ctx.program):
            if event.code != "shape":
                continue
            what = event.what
            if what == "a boolean mask" or "without `size=`" in what:
                advice = ("the number of elements it selects is not known while JAX traces; "
                          "use the three-argument `jnp.where`, or give `size=`")
                head = f"The selection by {what}"
            elif what == "a slice bound":
                advice = ("slice bounds must be static; use `lax.dynamic_slice` with a fixed "
                          "size, or make the bound static")
                head = "A slice bound"
            else:
                advice = ("array shapes must be known while JAX traces; make it static "
                          "(`static_argnames`) or pad to a fixed size")
                head = what[0].upper() + what[1:]
            name = event.name if len(event.name) <= 60 else event.name[:57] + "..."
            message = self.MESSAGE.format(what=head, name=name, why=event.why, advice=advice)
            yield ctx.diagnostic_at(self, event.node, no_fix_reason(
                message, "whether the size can be static is the caller's decision"))

    VALID = [
        # A static size.
        "from functools import partial\n" + _JNP +
        "@partial(jax.jit, static_argnames=('n',))\ndef decay(rate, n):\n"
        "    return jnp.exp(-rate * jnp.arange(n))\n"
        "y = decay(0.5, n=5)\n",
        # A bound method's static_argnums skip `self`: `shape` (number 1) is static.
        _JNP + "class Noise:\n    def __init__(self, scale):\n        self.scale = scale\n"
        "    def draw(self, key, shape):\n"
        "        return self.scale * jax.random.uniform(key, shape)\n"
        "def collect(source, key):\n"
        "    return jax.jit(source.draw, static_argnums=1)(key, (2, 3))\n"
        "out = collect(Noise(0.5), jax.random.key(0))\n",
        # Sizes from shapes; a dynamic index (not a slice); the three-argument where.
        _JNP + "@jax.jit\ndef f(x, i):\n"
        "    n = x.shape[0]\n    y = jnp.zeros((n, 2)) + x[i]\n"
        "    return jnp.where(x > 0, x, 0.0), y[: n // 2]\n"
        "y = f(jnp.ones(4), 1)\n",
        # nonzero with a fixed size.
        _JNP + "@jax.jit\ndef f(x):\n    return jnp.nonzero(x > 0, size=2, fill_value=0)\n"
        "y = f(jnp.arange(4))\n",
    ]

    INVALID = [
        # jnp.arange sized by a parameter jit traces, in a helper.
        Invalid("from functools import partial\n" + _JNP +
                "def curve(rate, n, dt):\n    return jnp.exp(-rate * jnp.arange(0, n) * dt)\n"
                "@partial(jax.jit, static_argnames=('dt',))\n"
                "def simulate(rate, n, dt=0.1):\n    return curve(rate, n, dt)\n"
                "y = simulate(0.5, 50)\n"),
        # One-argument jnp.where on a traced comparison in a fori_loop body's helper.
        Invalid(_JNP + "def centroids(points, labels, c):\n"
                "    return jnp.stack([points[jnp.where(labels == j)].mean(0) for j in range(2)])\n"
                "@jax.jit\ndef kmeans(points, c):\n"
                "    def body(_, c):\n"
                "        labels = jnp.argmin(jnp.sum((points[:, None] - c[None]) ** 2, -1), 1)\n"
                "        return centroids(points, labels, c)\n"
                "    return jax.lax.fori_loop(0, 3, body, c)\n"
                "y = kmeans(jnp.arange(8.0).reshape(4, 2), jnp.ones((2, 2)))\n",
                jax_error="concrete"),
        # A boolean mask of a scan's xs.
        Invalid(_JNP + "def step(c, x):\n    return c + x[x > 0].sum(), c\n"
                "y = jax.lax.scan(step, 0.0, jnp.ones((3, 4)))\n",
                jax_error="concrete"),
        # A slice bound from a vmapped argument.
        Invalid(_JNP + "def head(x, n):\n    return x[:n].sum()\n"
                "y = jax.vmap(head, in_axes=(None, 0))(jnp.ones(5), jnp.arange(3))\n",
                jax_error="static"),
        # A size held in a NamedTuple argument: jit traces every field of it.
        Invalid("from typing import NamedTuple\n" + _JNP +
                "class Settings(NamedTuple):\n    rate: float\n    steps: int\n"
                "@jax.jit\ndef schedule(x, settings: Settings):\n"
                "    return x * jnp.ones((settings.steps,)) * settings.rate\n"
                "y = schedule(1.0, Settings(0.1, 4))\n",
                jax_error="concrete"),
        # A shape read from a module-level table with the loop's index: a tracer.
        Invalid(_JNP + "TABLE = jnp.array([[2, 4], [4, 2]])\n"
                "def gate(v, i):\n    return v.reshape(TABLE[i]).T.reshape(-1)\n"
                "y = jax.lax.fori_loop(0, 2, lambda i, v: gate(v, i), jnp.arange(8.0))\n",
                jax_error="concrete"),
    ]
