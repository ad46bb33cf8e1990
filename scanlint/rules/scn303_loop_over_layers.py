from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.jit_iterations import layer_loops

HEADER = "import jax\nimport jax.numpy as jnp\n"


class LoopOverIdenticalLayers(Rule):
    """
    ## What it does
    Finds a Python `for` loop in a function that runs under `jit` (as SCN301 finds those)
    that applies a list of layers, or of parameter sets, one after the other
    (`for layer in self.layers: x = layer(x)`, `for w, b in params: h = jnp.tanh(w @ h + b)`),
    when the file makes that list of identical items: a comprehension (also inside `list()`,
    `tuple()`, `nnx.List()`) whose variables shape no item: they are only PRNG keys
    (`jax.random.normal(k, (8, 8))`, `nnx.Rngs(i)`), `bool(...)` flags or values in
    arithmetic (`jnp.ones(8) * k`), never a constructor's or shape's argument
    (`Linear(d_in, d_out)` over `zip(sizes[:-1], sizes[1:])` makes layers of different
    shapes, which only a Python loop can apply). The list is found where the loop's
    container comes from: a name's value, `self.layers` as the class's methods or its
    calls set it, or what the file's calls pass for a parameter. Reported when the file
    shows at least `min-unrolled-trips` items (`n_layers = 36` at the call on line 40), or
    does not show how many (the message names the count).

    Not reported: layers of different shapes; lists the file does not show being made;
    fewer items than `min-unrolled-trips`; loops over a tuple of constants (SCN301 counts
    those); loops whose body does not carry a value from one item to the next (those are a
    `vmap`).

    ## Why is this bad?
    `jit` unrolls the loop: the program holds one copy of every layer, so tracing and
    compiling grow with the depth (flax#1771, kazewong/flowMC#153, equinox#246). Stacked
    along a leading axis, the parameters of identical layers are one pytree that
    `jax.lax.scan` (or `nnx.scan`, `flax.linen.scan`) runs the layer over: one copy,
    compiled once.

    ## Example
    ```python
    keys = jax.random.split(jax.random.PRNGKey(0), 32)
    params = [(jax.random.normal(k, (64, 64)) * 0.1, jnp.zeros(64)) for k in keys]

    @jax.jit
    def forward(params, x):
        for w, b in params:
            x = jax.nn.relu(x @ w + b)
        return x

    forward(params, jnp.ones(64))
    ```

    ## Use instead
    ```python
    stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *params)

    @jax.jit
    def forward(stacked, x):
        def layer(x, wb):
            w, b = wb
            return jax.nn.relu(x @ w + b), None
        x, _ = jax.lax.scan(layer, x, stacked)
        return x
    ```

    ## Fix safety
    No fix: the parameters have to be stacked where they are made, and the callers must
    pass the stacked pytree.
    """

    CODE = "SCN303"
    NAME = "loop-over-identical-layers-under-jit"
    CITES_LINES = True  # where the list of layers is made
    MESSAGE = "Loop over `{container}` unrolls {count} identical layers under `jit` " \
              "({evidence}); stack their parameters and `jax.lax.scan` over them"
    # In preview: no finding on the corpus, and it shares SCN302's cost in the language
    # server (every Python iteration under jit read: docs/corpus.md, issue 32).
    PREVIEW = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        minimum = ctx.settings.min_unrolled_trips
        code = ctx.model.module.code_for_node
        for found in layer_loops(ctx.model):
            count = found.count
            if count.value is not None and count.value < minimum:
                continue
            made = f"made by `{_short(code(found.made))}`"
            if found.made_line is not None:
                made += f" on line {found.made_line}"
            if count.evidence and count.value is not None and count.kind != "exact":
                made += f", {count.evidence}"
            number = str(count.value) if count.value is not None else f"`{count.evidence}`"
            message = self.MESSAGE.format(container=code(found.container), count=number,
                                          evidence=made)
            yield ctx.diagnostic(self, found.loop.iter, message, statement=found.loop)

    VALID = [
        # Layers of different widths (equinox#1057): nothing to stack.
        """import jax
import jax.numpy as jnp
from flax import nnx
class Tower(nnx.Module):
    def __init__(self, dims, rngs):
        self.layers = [nnx.Linear(a, b, rngs=rngs) for a, b in zip(dims[:-1], dims[1:])]
    def __call__(self, x):
        for layer in self.layers:
            x = nnx.relu(layer(x))
        return x
@nnx.jit
def run(model, x):
    return model(x)
run(Tower([128, 64, 64, 32, 16, 8, 4, 2, 2, 2, 1], nnx.Rngs(0)), jnp.ones(128))
""",
        # A handful of layers.
        HEADER + """stack = [(jnp.eye(4), jnp.zeros(4)) for _ in range(3)]
@jax.jit
def small(stack, h):
    for w, b in stack:
        h = jnp.tanh(w @ h + b)
    return h
small(stack, jnp.ones(4))
""",
        # Not applied in turn: every head reads the same input (a vmap, not a scan).
        HEADER + """heads = [jnp.ones((8, 2)) * i for i in range(30)]
@jax.jit
def logits(heads, x):
    outs = []
    for w in heads:
        outs.append(x @ w)
    return jnp.stack(outs)
logits(heads, jnp.ones(8))
""",
        # The file does not show how the list is made.
        HEADER + """@jax.jit
def apply(blocks, x):
    for block in blocks:
        x = block(x)
    return x
""",
        # Not under jit.
        HEADER + """weights = [jnp.eye(8) for _ in range(30)]
def chain(weights, x):
    for w in weights:
        x = jnp.tanh(w @ x)
    return x
chain(weights, jnp.ones(8))
""",
    ]

    INVALID = [
        # dm-haiku#622 in equinox: identical blocks made per key in `__init__`, their number
        # from the call.
        Invalid(HEADER + """import equinox as eqx
class Encoder(eqx.Module):
    blocks: list
    def __init__(self, num_blocks, dim, key):
        keys = jax.random.split(key, num_blocks)
        self.blocks = [eqx.nn.Linear(dim, dim, key=k) for k in keys]
    def __call__(self, x):
        for block in self.blocks:
            x = jax.nn.relu(block(x))
        return x
@eqx.filter_jit
def encode(model, x):
    return model(x)
encode(Encoder(24, 8, jax.random.PRNGKey(0)), jnp.ones(8))
"""),
        # neural-tangents#168: one layer repeated `depth` times, jitted by assignment.
        Invalid(HEADER + """def deep(params, x):
    for w, b in params:
        x = jnp.tanh(x @ w + b)
    return x
layer = (jnp.eye(16), jnp.zeros(16))
forward = jax.jit(deep)
forward([layer] * 50, jnp.ones(16))
"""),
        # Keys split per layer by a helper; the count reaches it through two calls.
        Invalid(HEADER + """def init(key, n_layers, dim):
    keys = jax.random.split(key, n_layers)
    return [jax.random.normal(k, (dim, dim)) for k in keys]
class Net:
    def __init__(self, key, n_layers):
        self.weights = init(key, n_layers, 16)
    def __call__(self, x):
        for w in self.weights:
            x = jnp.tanh(w @ x)
        return x
net = Net(jax.random.PRNGKey(0), 40)
apply = jax.jit(net.__call__)
"""),
        # A bound method of an object made in the jit call; its depth a parameter no call
        # in the file pins down: the count is named.
        Invalid(HEADER + """import equinox as eqx
class Stack(eqx.Module):
    layers: list
    def __init__(self, depth, key):
        self.layers = [eqx.nn.Linear(8, 8, key=k) for k in jax.random.split(key, depth)]
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
def make(depth):
    return jax.jit(Stack(depth, jax.random.PRNGKey(0)).__call__)
"""),
    ]


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
