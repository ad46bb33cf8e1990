from __future__ import annotations

from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic.jit_iterations import ITERATING_BUILTINS, ArrayIteration, array_iterations

HEADER = "import jax\nimport jax.numpy as jnp\n"


class IterationOverArrayUnderJit(Rule):
    """
    ## What it does
    Finds Python iterating over a JAX array in a function that runs under `jit` (as SCN301
    finds those): `for row in x`, a comprehension over `x`, `sum(x)`, `max(x)`, `min(x)`,
    `any(x)`, `all(x)`, `sorted(x)`, `list(x)`, `tuple(x)`, `zip(x, y)`, `enumerate(x)`,
    `map(f, x)`, `zip(*x)`. It reports an expression only when the file shows it is an array:
    made by a `jax.numpy` (or NumPy), `jax.random`, `jax.nn` or array-valued `jax.lax`
    function that returns one array, by arithmetic or a method on one, by a function of the
    file whose every `return` gives one, an array attribute of `self`; or a parameter
    annotated as an array (`jax.Array`, `jnp.ndarray`, jaxtyping's `Float[Array, "n"]`), used
    as one in its function (`x.shape`, `x.ndim`, `x.T`, `x @ w`), or given one by every call
    in the file. The message says which.

    Not reported: iteration over Python lists and tuples (of arrays too: `sum(arrays)`),
    over what `jnp.split`, `jnp.meshgrid`, `jnp.linalg.svd` return (tuples and lists), over
    `x.shape`, over NumPy arrays (values computed while tracing); unpacking (`a, b = x`);
    `tuple(k)` as a whole subscript, `w[tuple(k)]` (one index per axis of `w`: `w[k]` would
    index the first axis only);
    a local def's parameter (a row `vmap` passes, a carry: its caller decides); `zip` with a
    sequence written out (`dict(zip(["xx", "yy"], c))`: the author lists the
    items); a loop whose carry changes shape (`poly = jnp.convolve(poly, ...)`: it has no
    rolled form); arrays whose leading size the file shows to be under `min-unrolled-trips`;
    code outside `jit`.

    ## Why is this bad?
    Iterating a traced array gives one traced value per element (a slice each; from jax 0.12
    one `unstack` that splits them all), so `jit` traces (and XLA compiles) one copy of the
    loop body, or one addition, per element: with 6,400 elements, `sum(x)`
    took 11-16 s to compile against 0.03 s for `jnp.sum(x)` (jax-ml/jax#1776); a
    comprehension over a batch traces the function once per row (jax-ml/jax#25703); `list(x)`
    of a 400-element array makes 400 traced scalars (google-deepmind/PGMax#8).

    ## Example
    ```python
    @jax.jit
    def total(x):
        return sum(x * 2.0)
    ```

    ## Use instead
    ```python
    @jax.jit
    def total(x):
        return jnp.sum(x * 2.0, axis=0)
    ```

    For a loop or a comprehension over rows: `jax.vmap(f)(x)` when the rows are
    independent, `jax.lax.map(f, x)` to keep memory down, `jax.lax.scan` when each row
    depends on the last.

    ## Fix safety
    No fix: `jnp.sum` adds in another order than Python's `sum` (the bits may differ),
    `list(x)` gives a list the rest of the code may rely on, and a loop becomes a `vmap`, a
    `map` or a `scan` depending on what it carries.
    """

    CODE = "SCN302"
    NAME = "iteration-over-array-under-jit"
    MESSAGE = "{what} iterates over the array `{array}` one element at a time under `jit` " \
              "({evidence}); use {use}"
    # In preview: no finding on the 27 corpus libraries or jax's tree (one of five right
    # before issue 24's tuning), and on by default it makes the language server re-check
    # every jitted loop's edits with LibCST (lsp_latency p90 51 -> ~400 ms on lax_numpy.py)
    # for one fresh-set case of 53 (docs/corpus.md, issue 32).
    PREVIEW = True
    ITERATIONS = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        minimum = ctx.settings.min_unrolled_trips
        for found in array_iterations(ctx.model):
            if found.length is not None and found.length < minimum:
                continue
            array = ctx.model.module.code_for_node(found.array)
            message = self.MESSAGE.format(what=_what(found), array=array,
                                          evidence=found.evidence, use=_use(found, array))
            yield ctx.diagnostic(self, found.array, message, statement=_statement(found))

    VALID = [
        # Per-axis indexing, `w[tuple(k)]` (netket's kernels): one index per axis, and the
        # advice `w[k]` would index the first axis only.
        HEADER + """@jax.jit
def kernel(w, x):
    k = jnp.argmax(x, axis=-1)
    return w[tuple(k)]
""",
        # Python lists and tuples of arrays, shapes, splits: Python iterates those by design.
        HEADER + """arrays = [jnp.ones(3), jnp.zeros(3)]
@jax.jit
def use_sum(l, x):
    total = sum(l)
    for d in x.shape:
        total = total * d
    a, b = jnp.split(x, 2)
    parts = [p * 2 for p in jnp.split(x, 4)]
    u, s, vt = jnp.linalg.svd(x)
    return total, sum(parts), max(x.ndim, 1)
use_sum(arrays, jnp.ones(4))
""",
        # Items the author lists (unpacking an array into named values), and a loop whose
        # carry grows (no rolled form): Python iterates on purpose.
        HEADER + """@jax.jit
def named(c: jax.Array):
    rows = c[jnp.array([0, 1, 2])]
    return dict(zip(["xx", "yy", "xy"], rows))
@jax.jit
def polynomial(roots: jax.Array):
    poly = jnp.ones(1)
    for r in roots:
        poly = jnp.convolve(poly, jnp.stack([-r, 1.0]))
    return poly
""",
        # A local def's parameter (here a row `vmap` passes): what it holds is up to its
        # caller, often a slice of a handful of features (jaxmarl's hanabi).
        HEADER + """@jax.jit
def binarize(counts: jax.Array):
    def per_row(row: jax.Array):
        return jnp.concatenate([jnp.where(jnp.arange(5) < c, 1.0, 0.0) for c in row])
    return jax.vmap(per_row)(counts)
""",
        # Not under jit.
        HEADER + """def total(x):
    return sum(jnp.cos(x))
""",
        # A leading size the file shows to be small.
        HEADER + """@jax.jit
def noisy(key, x):
    for k in jax.random.split(key, 3):
        x = x + jax.random.normal(k, x.shape)
    return x
""",
        # A parameter with no evidence of being an array (a list of layers, maybe).
        HEADER + """@jax.jit
def apply(layers, x):
    for layer in layers:
        x = layer(x)
    return x
""",
        # `max(a, b)` compares two values.
        HEADER + """@jax.jit
def clipped(x):
    y = jnp.cos(x)
    return max(y, 0.0)
""",
    ]

    INVALID = [
        # jax-ml/jax#1776: builtin sum over a product of arrays.
        Invalid(HEADER + """GRID = jnp.linspace(-100.0, 100.0, 500)
@jax.jit
def integrate(mu):
    return sum(jnp.exp(-0.5 * (GRID - mu) ** 2) * 0.4)
"""),
        # jax-ml/jax#25703: a comprehension over the rows of a batch.
        Invalid(HEADER + """@jax.jit
def naive(v_batched: jax.Array, mat):
    return jnp.stack([jnp.dot(mat, v) for v in v_batched])
"""),
        # A loop over rows of a parameter read as an array.
        Invalid(HEADER + """@jax.jit
def likelihood(w, m):
    total = 0.0
    for x in w:
        total = total + (x - m) ** 2
    return total / w.shape[0]
"""),
        # `list()` of a helper's array result (google-deepmind/PGMax#8).
        Invalid(HEADER + """def decode(beliefs):
    return jnp.argmax(beliefs, axis=-1)
@jax.jit
def as_list(beliefs):
    return list(decode(beliefs))
"""),
        # `zip` over two arrays, jitted by assignment; every call passes arrays.
        Invalid(HEADER + """def pairs(xs, ys):
    return [x * y for x, y in zip(xs, ys)]
fast = jax.jit(pairs)
fast(jnp.ones(50), jnp.zeros(50))
"""),
        # Unpacking into a call: `zip(*x)` iterates the rows of x.
        Invalid(HEADER + """@jax.jit
def columns(x: jax.Array):
    return jnp.stack([jnp.stack(column) for column in zip(*x)])
"""),

    ]


def _what(found: ArrayIteration) -> str:
    if found.how == "for":
        return "A Python `for` loop"
    if found.how == "comprehension":
        return "A comprehension"
    return f"Python's `{found.how}`"


def _use(found: ArrayIteration, array: str) -> str:
    if found.how in ITERATING_BUILTINS and "{x}" in ITERATING_BUILTINS[found.how]:
        return f"`{ITERATING_BUILTINS[found.how].format(x=array)}`"
    if found.how in ("list", "tuple"):
        return "the array itself (index it where needed)"
    return "`jax.vmap`, `jax.lax.map` or `jax.lax.scan` over it"


def _statement(found: ArrayIteration):
    import libcst as cst

    return found.node if isinstance(found.node, cst.For) else None
