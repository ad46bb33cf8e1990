from __future__ import annotations

import math
from typing import Iterator

import libcst as cst

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext
from scanlint.semantic import walk
from scanlint.semantic.abstract_eval import Context, value_of
from scanlint.semantic.avals import Aval
from scanlint.semantic.carry import caller_arguments, file_function, returns_of, step_function
from scanlint.semantic.model import FileModel
from scanlint.semantic.scopes import Binding, Scope, lookup, qualified_name

ARRAY_MAKERS = ("jax.numpy.", "numpy.", "jax.random.")
# Functions under those modules that make no array, or only a tiny one (a PRNG key).
NOT_ARRAYS = frozenset({
    "finfo", "iinfo", "dtype", "errstate", "vectorize", "frompyfunc", "default_rng",
    "RandomState", "Generator", "SeedSequence", "seed", "printoptions", "set_printoptions",
    "result_type", "promote_types", "can_cast", "issubdtype", "PRNGKey", "key", "key_data",
    "wrap_key_data", "ndim", "shape", "size", "isscalar", "iscomplexobj", "isrealobj",
})
# Wrappers whose first argument is the function they run (`jax.jit(lambda v: f(v, W))`).
# An array's metadata, and methods that give a Python value: never an array
# (`N = TABLE.shape[0]`, `DT = W.dtype`, `ROWS = T.tolist()`).
NOT_ARRAY_ATTRIBUTES = frozenset({
    "shape", "ndim", "size", "dtype", "itemsize", "nbytes", "sharding", "device", "devices",
    "weak_type", "aval", "item", "tolist", "tobytes", "__len__",
})
# Reductions of a whole array (no axis): one element, whatever the operand
# (`N = np.prod(SHAPE)`, `TOTAL = W.sum()`).
FULL_REDUCTIONS = frozenset({
    "sum", "prod", "max", "min", "amax", "amin", "mean", "median", "std", "var", "average",
    "all", "any", "argmax", "argmin", "count_nonzero", "nansum", "nanprod", "nanmax",
    "nanmin", "nanmean", "ptp", "trace",
})
WRAPPERS = frozenset({"jax.jit", "jax.vmap", "jax.pmap", "jax.checkpoint", "jax.remat",
                      "jax.named_call", "functools.partial", "jax.tree_util.Partial"})
SMALL = 1000  # elements: an array the code shows to be smaller is not reported


class LargeClosedConstant(Rule):
    """
    ## What it does
    Finds a loop body that reads a module-level array built when the module is imported,
    directly or through the module-level functions it calls: a `def`, or a name bound to
    `jax.jit(...)`, `functools.partial(...)` or a lambda closing over the array
    (`project_j = jax.jit(lambda v: project(v, STACK))`). Also a parameter of the function
    holding the loop that the body reads, when a jitted lambda or def passes such an array
    to that function (`fn = jax.jit(lambda x: accumulate(x, A))`, the body reading
    `accumulate`'s `mat`): `jit` traces the call with the array's value and keeps it. An
    array passed to the jitted function as an argument is not reported. An array is built by an array maker
    (`jnp.ones((1000, 1000))`, `np.load(...)`, `jax.random.normal(...)`, a draw with a size
    from a NumPy generator: `np.random.default_rng(0).normal(size=(48, 48))`,
    `rng.randn(40, 40)` with `rng` a module-level generator), an expression over
    one (`jnp.ones(...) * 0.001`, `jnp.asarray(np.load(...))`,
    `np.linspace(...).reshape(...)`) or a module-level function of the file that returns one
    (`W = make_weights(64)`). The array may be a module-level name, a class attribute read
    through its class (`Params.W`), or held in a module-level dict, list or tuple literal
    (`CONST['mix']`). Arrays the code shows to have fewer than 1,000 elements are not
    reported: by literal sizes, module-level integer constants, a helper of the file called
    with integer sizes (`SMALL = make(4)`), or a grid of small ranges (`np.meshgrid(...)`).

    ## Why is this bad?
    A concrete array a traced function reads is not an argument: JAX captures its value when
    it traces the loop and keeps that value. A jitted function, or a module-level body (`scan`
    caches its trace by the function), goes on using it after the module-level name is
    reassigned (a reloaded table, a new weight matrix), silently: a test checks this under
    JAX. Jax 0.10 passes the captured array to the compiled program as a hidden extra
    argument on every call (jax 0.4 and older embedded it in the program, for slow compiles
    and constant folding: jax-ml/jax#10596, #14655); measured here, a 1000x1000 float32 matrix
    closed over cost 0.86 ms a call against 0.51 ms passed as an argument. Passing the array
    as an argument avoids both.

    ## Example
    ```python
    W = jnp.ones((1000, 1000))
    def step(c, x):
        return jnp.tanh(W @ c + x), c
    ```

    ## Use instead
    ```python
    def rollout(W, c0, xs):
        def step(c, x):
            return jnp.tanh(W @ c + x), c
        return jax.lax.scan(step, c0, xs)
    rollout(W, c0, xs)
    ```
    """

    CODE = "SCN207"
    NAME = "large-closed-constant"
    MESSAGE = ("Step function reads module-level array `{name}` built at import time: JAX "
               "captures its value when tracing; pass it as an argument")
    THROUGH = ("Step function reaches module-level array `{name}` through `{via}`: JAX "
               "captures its value when tracing; pass it as an argument")

    JITTED = ("Step function reads `{param}`, which {how} passes module-level array `{name}` "
              "built at import time: JAX captures its value when tracing; pass it as an "
              "argument of the jitted function")
    HELD = ("Step function reads arrays held in module-level `{name}` built at import time: "
            "JAX captures their values when tracing; pass them as arguments")

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        for site in ctx.model.sites:
            step = step_function(ctx.model, site, methods=True)
            if step is None:
                continue
            for param, name, how in _jitted_arguments(ctx.model, step.scope):
                yield ctx.diagnostic(self, site.call, self.JITTED.format(
                    param=param, name=name, how=how), statement=site.statement)
            for name, via, held in _closed_arrays(ctx.model, step.scope):
                if held:
                    message = self.HELD.format(name=name)
                    if via is not None:
                        message = message.replace("Step function reads",
                                                  f"Step function reaches, through `{via}`,")
                else:
                    message = (self.MESSAGE.format(name=name) if via is None
                               else self.THROUGH.format(name=name, via=via))
                yield ctx.diagnostic(self, site.call, message, statement=site.statement)

    VALID = [
        # Small arrays in a class or a dict; a helper returning something else; a dict of
        # numbers.
        "import jax\nimport jax.numpy as jnp\nclass Params:\n    W = jnp.ones((4, 4))\n"
        "CONST = {'bias': jnp.zeros(3), 'scale': 2.0}\n"
        "def run(xs):\n    def step(c, x):\n        return Params.W @ c + CONST['bias'] * x, c\n"
        "    return jax.lax.scan(step, jnp.zeros(4), xs)\n",
        "import jax\nimport jax.numpy as jnp\ndef config():\n    return {'lr': 0.1}\n"
        "CFG = config()\nSETTINGS = {'steps': 3, 'name': 'x'}\n"
        "def run(xs):\n    def step(c, x):\n        return c * CFG['lr'] + x, c\n"
        "    return jax.lax.scan(step, 0.0, xs, length=SETTINGS['steps'])\n",
        "import jax\nimport jax.numpy as jnp\nSCALE = 2.0\n"
        "def run(W, xs):\n    def step(c, x):\n        return jnp.tanh(W @ c * SCALE + x), c\n"
        "    return jax.lax.scan(step, jnp.zeros(3), xs)\n",
        # A small table the code shows to be small.
        "import jax\nimport numpy as np\nTABLE = np.array([0.5, 1.5, 2.5])\n"
        "def run(xs):\n    return jax.lax.map(lambda i: TABLE[i], xs)\n",
        # What a large table tells about itself is no array: its shape, dtype, a count of
        # its elements, a Python list of it, a reduction of it to one number.
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
        "TABLE = np.load('table.npy')\nN = TABLE.shape[0]\nDT = TABLE.dtype\n"
        "SIZE = np.prod(TABLE.shape)\nTOTAL = TABLE.sum()\nROWS = np.arange(5000).tolist()\n"
        "def run(xs):\n    def step(c, x):\n"
        "        return (c + x * N / SIZE + TOTAL + ROWS[0]).astype(DT), c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        # Small arrays whose sizes are module-level constants, a few PRNG keys.
        "import jax\nimport jax.numpy as jnp\nN = 10\nIDX = jnp.arange(N)\n"
        "W = jnp.zeros((N, N))\nKEYS = jax.random.split(jax.random.PRNGKey(0), 4)\n"
        "def run(xs):\n    def step(c, x):\n        return c + IDX[1] * W[0, 0] + x, KEYS[0]\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        # ... made by a dtype from a list literal (pgx's `WIN_HANDS = jnp.int32([18, ...])`).
        "import jax\nimport jax.numpy as jnp\nHANDS = jnp.int32([18, 78, 90, 378])\n"
        "def run(v):\n    return jax.lax.fori_loop(0, 4, lambda i, v: v + HANDS[i], v)\n",
        # A module-level helper that reads no module-level array.
        "import jax\nimport jax.numpy as jnp\ndef project(v, m):\n    return m @ v\n"
        "def run(m, xs):\n    def step(c, x):\n        return project(c, m) + x, c\n"
        "    return jax.lax.scan(step, jnp.zeros(3), xs)\n",
        # Draws from a NumPy generator shown small, or a scalar (no size).
        "import jax\nimport numpy as np\nrng = np.random.default_rng(0)\n"
        "NOISE = rng.normal(size=3)\nSCALE = rng.normal()\n"
        "def run(v):\n    return jax.lax.fori_loop(0, 3, lambda i, v: v * SCALE + NOISE, v)\n",
        # A helper whose array's size comes from its argument, called with a small one (or
        # its default); grids of small ranges.
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
        "def make(n, m=2):\n    return jnp.ones((n, m)) if n else jnp.zeros((n, m))\n"
        "SMALL = make(4)\nGX = np.meshgrid(np.arange(3), np.arange(3))[0]\n"
        "GRIDS = jnp.meshgrid(jnp.arange(4), jnp.arange(5))\n"
        "def run(xs):\n    def step(c, x):\n"
        "        return c + SMALL.sum() + GX.sum() + GRIDS[1].sum() + x, c\n"
        "    return jax.lax.scan(step, 0.0, xs)\n",
        # The module-level array passed to the jitted function as an argument, or a small
        # one through a jitted lambda.
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
        "A = np.ones((1000, 1000), dtype=np.float32)\nB = jnp.ones(3)\n"
        "@jax.jit\ndef accumulate(x, mat):\n    def body(i, acc):\n"
        "        return acc + jnp.dot(mat, x) / (i + 1)\n"
        "    return jax.lax.fori_loop(0, 5, body, jnp.zeros(mat.shape[0]))\n"
        "def shift(x, b):\n    return jax.lax.fori_loop(0, 3, lambda i, v: v + b, x)\n"
        "before = accumulate(jnp.ones(1000), A)\nfast = jax.jit(lambda x: shift(x, B))\n",
    ]

    INVALID = [
        # Drawn from a NumPy generator (a module-level name, or made at the call), read
        # through a module-level helper from a lambda body, or directly.
        Invalid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
                "rng = np.random.default_rng(0)\nW = rng.standard_normal(size=(64, 64))\n"
                "def message(v):\n    return jnp.tanh(W @ v)\n"
                "def propagate(v0, n):\n"
                "    return jax.lax.fori_loop(0, n, lambda i, v: message(v), v0)\n"),
        Invalid("import jax\nimport numpy as np\nMIX = np.random.RandomState(1).randn(40, 40)\n"
                "def step(c, x):\n    return MIX @ c + x, c\n"
                "def run(c0, xs):\n    return jax.lax.scan(step, c0, xs)\n"),
        # Built by a module-level helper that returns an array maker's result.
        Invalid("import jax\nimport numpy as np\n"
                "def table(n):\n    grid = np.linspace(0.0, 1.0, n)\n    return np.outer(grid, grid)\n"
                "def load(n):\n    return table(n) * 2.0\n"
                "T = load(256)\n"
                "def run(xs):\n    return jax.lax.map(lambda i: T[i].sum(), xs)\n"),
        # A class attribute read through its class, from a method body.
        Invalid("import jax\nimport jax.numpy as jnp\nclass Params:\n"
                "    W = jnp.ones((64, 64)) * 0.02\n"
                "class Net:\n    def step(self, h, x):\n        return jnp.tanh(Params.W @ h + x), h\n"
                "    def run(self, xs):\n        return jax.lax.scan(self.step, jnp.zeros(64), xs)\n"),
        # Held in module-level containers.
        Invalid("import jax\nimport jax.numpy as jnp\nCONST = {'mix': jnp.ones((40, 40)) * 0.01}\n"
                "def run(xs):\n    def body(c, x):\n        return CONST['mix'] @ c + x, c\n"
                "    return jax.lax.scan(body, jnp.zeros(40), xs)\n"),
        Invalid("import jax\nimport numpy as np\nLAYERS = [np.load('w0.npy'), np.load('w1.npy')]\n"
                "def run(xs):\n    return jax.lax.fori_loop(0, 2, lambda i, v: LAYERS[0] @ v, xs)\n"),
        # A reduction along an axis keeps an array.
        Invalid("import jax\nimport numpy as np\nTABLE = np.load('table.npy')\n"
                "COLS = np.sum(TABLE, axis=0)\n"
                "def run(xs):\n    return jax.lax.map(lambda x: COLS[x], xs)\n"),
        Invalid("import jax\nimport jax.numpy as jnp\nW = jnp.ones((1000, 1000))\n"
                "def run(xs):\n    def step(c, x):\n        return jnp.tanh(W @ c + x), c\n"
                "    return jax.lax.scan(step, jnp.zeros(1000), xs)\n"),
        Invalid("import numpy as np\nfrom jax import lax\nTABLE = np.load('table.npy')\n"
                "def run(xs):\n    return lax.map(lambda x: TABLE[x], xs)\n"),
        Invalid("import numpy as np\nimport jax.numpy as jnp\nfrom jax import lax\n"
                "TABLE = jnp.asarray(np.load('table.npy'))\n"
                "def run(xs):\n    return lax.map(lambda x: TABLE[x], xs)\n"),
        # Through a jitted lambda closing over an array built by an expression.
        Invalid("import jax\nimport jax.numpy as jnp\n"
                "STACK = jnp.ones((1000, 1000)) * 0.001\n"
                "def project(v, m):\n    return m @ v\n"
                "project_j = jax.jit(lambda v: project(v, STACK))\n"
                "def run(xs):\n    def step(c, x):\n        return project_j(c) + x, c\n"
                "    return jax.lax.scan(step, jnp.zeros(1000), xs)\n"),
        # Through a module-level function; the array a method chain over a maker.
        Invalid("import jax\nimport numpy as np\n"
                "GRID = np.linspace(0.0, 1.0, 40000).reshape(200, 200)\n"
                "def smooth(v):\n    return GRID @ v\n"
                "def run(xs):\n    return jax.lax.fori_loop(0, 3, lambda i, v: smooth(v), xs)\n"),
        # A jitted lambda (or a jitted def) passes the module-level array to the function
        # holding the loop: traced with its value, which the jitted function keeps.
        Invalid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
                "A = np.ones((1000, 1000), dtype=np.float32)\n"
                "def accumulate(x, mat):\n    def body(i, acc):\n"
                "        return acc + jnp.dot(mat, x) / (i + 1)\n"
                "    return jax.lax.fori_loop(0, 5, body, jnp.zeros(mat.shape[0]))\n"
                "fn = jax.jit(lambda x: accumulate(x, A))\n"),
        Invalid("import functools\nimport jax\nimport jax.numpy as jnp\n"
                "W = jnp.ones((512, 512)) * 0.01\n"
                "def rollout(w, h0, xs):\n"
                "    return jax.lax.scan(lambda h, x: (jnp.tanh(w @ h + x), h), h0, xs)\n"
                "@functools.partial(jax.jit, static_argnums=())\n"
                "def loss(h0, xs):\n    return rollout(W, h0, xs)[0].sum()\n"),
        # The same helper called with a large size, a grid of large ranges.
        Invalid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
                "def make(n):\n    return jnp.ones((n, n))\nBIG = make(100)\n"
                "GRID = np.meshgrid(np.arange(40), np.arange(40))[0]\n"
                "def run(xs):\n    def step(c, x):\n        return c + BIG.sum() + GRID.sum() + x, c\n"
                "    return jax.lax.scan(step, 0.0, xs)\n",
                count=2),
    ]


def _closed_arrays(model: FileModel, scope: Scope) -> list[tuple[str, str | None, bool]]:
    """(array, the function it is reached through or None, whether it is a container holding
    arrays) for the module-level arrays the function of ``scope`` reads (names, class
    attributes `Params.W`, dicts, lists and tuples of arrays), directly or through
    module-level functions (depth 3)."""
    found: list[tuple[str, str | None, bool]] = []
    seen: set[int] = {id(scope)}
    pending: list[tuple[Scope, str | None, int]] = [(scope, None, 0)]
    while pending:
        current, via, depth = pending.pop(0)
        for name, bindings in _class_attributes_read(model, current):
            if _built_array(model, bindings):
                found.append((name, via, False))
        for name, bindings in _globals_read(current) + _bound_arguments(model, current):
            if _built_array(model, bindings):
                found.append((name, via, False))
                continue
            if _holds_arrays(model, bindings):
                found.append((name, via, True))
                continue
            if len(bindings) != 1 or depth >= 3:
                continue
            for inner in _functions_of(model, bindings[0]):
                if id(inner) not in seen:
                    seen.add(id(inner))
                    pending.append((inner, via or name, depth + 1))
    return list(dict.fromkeys(found))


def _jitted_arguments(model: FileModel, scope: Scope) -> list[tuple[str, str, str]]:
    """(parameter, array, the call passing it) for a parameter of an enclosing function the body
    reads, when a call of that function in a jitted lambda or def passes a module-level
    array built at import (`jax.jit(lambda v: accumulate(v, A))`): `jit` traces the call
    with the array's value and keeps it, as it keeps a global's."""
    found: list[tuple[str, str, str]] = []
    for binding in _enclosing_parameters(scope):
        for expr, caller in caller_arguments(model, binding) or ():
            jitted = _jitted(model, caller)
            if jitted is None or not isinstance(expr, cst.Name):
                continue
            owner, bindings = lookup(caller, expr.value)
            if owner is not None and owner.kind == "module" and _built_array(model, bindings):
                function = binding.scope.node.name.value  # type: ignore[attr-defined]
                found.append((binding.name, expr.value, f"{jitted}'s call of `{function}`"))
    return list(dict.fromkeys(found))


def _enclosing_parameters(scope: Scope) -> list[Binding]:
    """The parameters of enclosing functions that the function of ``scope`` (or a function
    inside it) reads."""
    found: dict[int, Binding] = {}
    for inner in scope.walk():
        for load in inner.loads:
            owner, bindings = lookup(inner, load.value)
            if owner is not None and owner.kind == "function" and not owner.is_within(scope) \
                    and len(bindings) == 1 and bindings[0].kind == "param":
                found.setdefault(id(bindings[0]), bindings[0])
    return list(found.values())


JITS = frozenset({"jax.jit", "flax.nnx.jit", "equinox.filter_jit"})


def _jitted(model: FileModel, scope: Scope) -> str | None:
    """How `jit` traces the function of ``scope``: a lambda passed to `jax.jit(...)`, a def
    decorated with it (bare, called with options, or through `functools.partial`)."""
    if scope.kind == "lambda":
        return "the jitted lambda" if id(scope.node) in _jitted_lambdas(model) else None
    node = scope.node
    if scope.kind != "function" or not isinstance(node, cst.FunctionDef) or scope.parent is None:
        return None
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            partial = qualified_name(scope.parent, expr.func) == "functools.partial"
            expr = expr.args[0].value if partial and expr.args else expr.func
        if qualified_name(scope.parent, expr) in JITS:
            return f"the jitted `{node.name.value}`"
    return None


def _jitted_lambdas(model: FileModel) -> set[int]:
    """The lambdas passed first to a jit call (`jax.jit(lambda v: f(v, W))`), by id."""
    memo = model.memo
    if "jitted_lambdas" not in memo:
        memo["jitted_lambdas"] = {
            id(call.args[0].value) for call, scope in model.calls
            if call.args and isinstance(call.args[0].value, cst.Lambda)
            and qualified_name(scope, call.func) in JITS}
    return memo["jitted_lambdas"]


def _class_attributes_read(model: FileModel, scope: Scope) -> list[tuple[str, list[Binding]]]:
    """`Params.W` read by the function of ``scope`` (or functions inside it), `Params` a
    class bound once at module level: the class body's bindings of `W`."""
    attributes = model.attribute_reads
    found: dict[str, list[Binding]] = {}
    for inner in scope.walk():
        for load in inner.loads:
            attribute = attributes.get(id(load))
            if attribute is None:
                continue
            owner, bindings = lookup(inner, load.value)
            if owner is None or owner.kind != "module" or len(bindings) != 1 \
                    or bindings[0].kind != "class":
                continue
            class_scope = model.scope_of.get(id(bindings[0].node))
            held = class_scope.bindings.get(attribute, []) if class_scope is not None else []
            if held:
                found.setdefault(f"{load.value}.{attribute}", list(held))
    return list(found.items())


def _globals_read(scope: Scope) -> list[tuple[str, list[Binding]]]:
    """Module-level names the function of ``scope`` (or functions inside it) reads, with
    their bindings."""
    found: dict[str, list[Binding]] = {}
    for inner in scope.walk():
        for load in inner.loads:
            owner, bindings = lookup(inner, load.value)
            if owner is not None and owner.kind == "module" and bindings:
                found.setdefault(load.value, list(bindings))
    return list(found.items())


def _bound_arguments(model: FileModel, scope: Scope) -> list[tuple[str, list[Binding]]]:
    """Module-level names a `partial(f, W)` binding of the module passes along with ``f``,
    when ``scope`` is ``f``'s and ``f`` is bound once: read whenever ``f`` runs."""
    node = scope.node
    if not isinstance(node, cst.FunctionDef) or scope.parent is None:
        return []
    return _wrapped_arguments(model).get(node.name.value, [])


def _wrapped_arguments(model: FileModel) -> dict[str, list[tuple[str, list[Binding]]]]:
    """For each name a module-level `partial(f, W)` (or another wrapper) binding wraps, the
    module-level names it passes along: found once per file, for every function read."""
    memo = model.memo
    if "scn207_wrapped" in memo:
        return memo["scn207_wrapped"]
    found: dict[str, list[tuple[str, list[Binding]]]] = {}
    module = model.module_scope
    for bindings in module.bindings.values():
        value = bindings[0].assigned_value if len(bindings) == 1 else None
        if not (isinstance(value, cst.Call) and value.args
                and qualified_name(module, value.func) in WRAPPERS
                and isinstance(value.args[0].value, cst.Name)):
            continue
        passed = found.setdefault(value.args[0].value.value, [])
        for arg in value.args[1:]:
            if isinstance(arg.value, cst.Name):
                _owner, found_bindings = lookup(module, arg.value.value)
                if found_bindings:
                    passed.append((arg.value.value, list(found_bindings)))
    memo["scn207_wrapped"] = found
    return found


def _functions_of(model: FileModel, binding: Binding) -> list[Scope]:
    """The scopes of what a module-level name runs: a `def`, a lambda, or what
    `jax.jit(...)`/`partial(...)` wraps (with `partial`'s bound arguments read too)."""
    if isinstance(binding.node, cst.FunctionDef):
        inner = model.scope_of.get(id(binding.node))
        return [inner] if inner is not None else []
    value = binding.assigned_value
    return _callable_scopes(model, binding.scope, value, 0) if value is not None else []


def _callable_scopes(model: FileModel, scope: Scope, expr: cst.BaseExpression,
                     depth: int) -> list[Scope]:
    if isinstance(expr, cst.Lambda):
        inner = model.scope_of.get(id(expr))
        return [inner] if inner is not None else []
    if depth > 2 or not isinstance(expr, cst.Call) or not expr.args:
        return []
    if qualified_name(scope, expr.func) not in WRAPPERS:
        return []
    scopes = _callable_scopes(model, scope, expr.args[0].value, depth + 1)
    target = expr.args[0].value
    if isinstance(target, cst.Name):
        _owner, bindings = lookup(scope, target.value)
        if len(bindings) == 1 and isinstance(bindings[0].node, cst.FunctionDef):
            inner = model.scope_of.get(id(bindings[0].node))
            scopes += [inner] if inner is not None else []
    return scopes


def _built_array(model: FileModel, bindings: list[Binding]) -> bool:
    """A module-level name (or class attribute) assigned only arrays, one at least built at
    import time (it may be assigned again: `W = W * 3`, a reloaded table), none shown to be
    small."""
    values = [b.assigned_value for b in bindings]
    if any(b.scope.kind not in ("module", "class") or v is None
           for b, v in zip(bindings, values)):
        return False
    if not any(_array_expression(model, b.scope, v, 0) for b, v in zip(bindings, values)):
        return False
    return not any(_small(model, b.scope, v) for b, v in zip(bindings, values))


def _small(model: FileModel, scope: Scope, value: cst.BaseExpression) -> bool:
    drawn = _draw_shape(model, scope, value) if isinstance(value, cst.Call) else False
    if drawn is not False:
        return drawn is not None and math.prod(drawn) < SMALL
    if _full_reduction(scope, value):
        return True
    value = value.visit(_ModuleIntegers(scope))  # `jnp.zeros((N, N))` with `N = 10`
    if _few_keys(scope, value) or _small_grid(model, scope, value):
        return True
    if _known_small(model, scope, value):
        return True
    return _small_from_helper(model, scope, value)


def _known_small(model: FileModel, scope: Scope, value: cst.BaseExpression) -> bool:
    known = value_of(value, Context(model, scope, {}, set()))
    return isinstance(known, Aval) and known.shape is not None and math.prod(known.shape) < SMALL


def _small_from_helper(model: FileModel, scope: Scope, value: cst.BaseExpression) -> bool:
    """`SMALL = make(4)` with `def make(n): return jnp.ones((n, n))`: every `return` of the
    file's function, its parameters replaced by the call's integer arguments (or their
    integer defaults), is shown small."""
    if not isinstance(value, cst.Call):
        return False
    found = file_function(model, scope, value.func)
    if found is None:
        return False
    function, inner, _owner = found
    integers = _integer_arguments(function, value)
    returns = returns_of(function)
    if integers is None or not returns or any(r.value is None for r in returns):
        return False
    for returned in returns:
        if _binds_names(returned.value):
            return False  # a lambda or comprehension could shadow a parameter
        replaced = returned.value.visit(_Replace(integers)).visit(_ModuleIntegers(inner))
        if not _known_small(model, inner, replaced):
            return False
    return True


def _integer_arguments(function: cst.FunctionDef,
                       call: cst.Call) -> dict[str, cst.Integer] | None:
    """Each parameter of ``function`` -> the integer literal ``call`` passes it (or its
    integer default); None unless every argument is plainly positional or by name."""
    params = [*function.params.posonly_params, *function.params.params]
    if function.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) \
            or function.params.star_kwarg is not None or function.params.kwonly_params:
        return None
    bound: dict[str, cst.BaseExpression] = {}
    for at, argument in enumerate(call.args):
        if argument.star:
            return None
        if argument.keyword is None:
            if at >= len(params):
                return None
            bound[params[at].name.value] = argument.value
        else:
            bound[argument.keyword.value] = argument.value
    integers = {}
    for param in params:
        given = bound.get(param.name.value, param.default)
        if isinstance(given, cst.Integer):
            integers[param.name.value] = given
    return integers


def _binds_names(expr: cst.BaseExpression) -> bool:
    found = []

    class Finder(cst.CSTVisitor):
        def visit_Lambda(self, node: cst.Lambda) -> bool:
            found.append(node)
            return False

        def visit_CompFor(self, node: cst.CompFor) -> bool:
            found.append(node)
            return False

        def visit_NamedExpr(self, node: cst.NamedExpr) -> bool:
            found.append(node)
            return False

    walk.visit(expr, Finder())
    return bool(found)


class _Replace(cst.CSTTransformer):
    """Names read replaced by the expressions given for them (not an attribute's name or a
    keyword: `x.n`, `f(n=1)`)."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values
        self.not_read: set[int] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_read.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_read.add(id(node.keyword))

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        if id(original) in self.not_read:
            return updated
        return self.values.get(original.value, updated)


def _small_grid(model: FileModel, scope: Scope, value: cst.BaseExpression) -> bool:
    """`np.meshgrid(np.arange(3), np.arange(4))`, or one of its grids (`[0]`): each grid has
    as many elements as the product of the inputs' sizes, all shown here."""
    if isinstance(value, cst.Subscript):
        value = value.value
    if not (isinstance(value, cst.Call) and (qualified_name(scope, value.func) or "")
            in ("numpy.meshgrid", "jax.numpy.meshgrid")):
        return False
    inputs = [a.value for a in value.args if a.keyword is None]
    if not inputs or any(a.star for a in value.args if a.keyword is None):
        return False
    sizes = []
    for item in inputs:
        known = value_of(item, Context(model, scope, {}, set()))
        if not (isinstance(known, Aval) and known.shape is not None):
            return False
        sizes.append(math.prod(known.shape))
    return math.prod(sizes) * len(inputs) < SMALL


class _ModuleIntegers(cst.CSTTransformer):
    """Module-level names bound once to an integer literal, replaced by it, so that shapes
    spelled with them (`jnp.arange(N)`, `jnp.zeros((N, N))`) are known."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        owner, bindings = lookup(self.scope, original.value)
        if owner is not None and owner.kind == "module" and len(bindings) == 1 \
                and isinstance(bindings[0].assigned_value, cst.Integer):
            return bindings[0].assigned_value
        return updated


def _few_keys(scope: Scope, value: cst.BaseExpression) -> bool:
    """`jax.random.split(key)` or `jax.random.split(key, n)` with a literal `n`: a handful
    of PRNG keys."""
    if not (isinstance(value, cst.Call) and qualified_name(scope, value.func) == "jax.random.split"):
        return False
    count = value.args[1].value if len(value.args) > 1 else None
    return count is None or (isinstance(count, cst.Integer) and int(count.value, 0) < SMALL // 2)


def _holds_arrays(model: FileModel, bindings: list[Binding]) -> bool:
    """A module-level name bound once to a dict, list or tuple literal with an array built at
    import time among its values (`CONST = {'mix': jnp.ones((40, 40))}`), not shown small."""
    if len(bindings) != 1 or bindings[0].scope.kind != "module":
        return False
    value = bindings[0].assigned_value
    if isinstance(value, cst.Dict):
        items = [e.value for e in value.elements if isinstance(e, cst.DictElement)]
    elif isinstance(value, (cst.List, cst.Tuple)):
        items = [e.value for e in value.elements if isinstance(e, cst.Element)]
    else:
        return False
    scope = bindings[0].scope
    return any(_array_expression(model, scope, item, 0) and not _small(model, scope, item)
               for item in items)


def _full_reduction(scope: Scope, expr: cst.BaseExpression) -> bool:
    """A reduction of a whole array to one element: `np.prod(shape)`, `W.sum()`, with no
    axis (a second argument, `axis=`, `keepdims=`, `out=` could keep axes)."""
    if not isinstance(expr, cst.Call) or any(a.keyword is not None or a.star
                                             for a in expr.args):
        return False
    if not (isinstance(expr.func, cst.Attribute) and expr.func.attr.value in FULL_REDUCTIONS):
        return False
    name = qualified_name(scope, expr.func)
    if name is None:
        return not expr.args        # a method: `W.sum()`
    reduction = expr.func.attr.value
    return len(expr.args) == 1 and name in (f"numpy.{reduction}", f"jax.numpy.{reduction}")


def _array_expression(model: FileModel, scope: Scope, expr: cst.BaseExpression,
                      depth: int) -> bool:
    """An array maker's call, or an expression over one (arithmetic, a method, an index,
    `.T`, another module-level name bound to one), or a call of a module-level function of
    the file every `return` of which is one (`make_weights(64)`)."""
    if depth > 4:
        return False
    if isinstance(expr, cst.Call):
        name = qualified_name(scope, expr.func) or ""
        if name.startswith(ARRAY_MAKERS):
            return name.rpartition(".")[2] not in NOT_ARRAYS
        if isinstance(expr.func, cst.Name):
            return _array_function(model, scope, expr.func, depth + 1)
        if _draw_shape(model, scope, expr) is not False:
            return True
        return (isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value not in NOT_ARRAY_ATTRIBUTES
                and _array_expression(model, scope, expr.func.value, depth + 1))
    if isinstance(expr, cst.BinaryOperation):
        return (_array_expression(model, scope, expr.left, depth + 1)
                or _array_expression(model, scope, expr.right, depth + 1))
    if isinstance(expr, cst.UnaryOperation):
        return _array_expression(model, scope, expr.expression, depth + 1)
    if isinstance(expr, cst.Attribute) and expr.attr.value in NOT_ARRAY_ATTRIBUTES:
        return False
    if isinstance(expr, (cst.Subscript, cst.Attribute)):
        return _array_expression(model, scope, expr.value, depth + 1)
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        return any(b.scope.kind == "module" and b.assigned_value is not None
                   and _array_expression(model, scope, b.assigned_value, depth + 1)
                   for b in bindings)
    return False


# NumPy generators (`np.random.default_rng(0)`, `np.random.RandomState(0)`) and the methods
# that draw an array from one: given a `size=` (dims as arguments for `randn` and `rand`).
GENERATORS = frozenset({"numpy.random.default_rng", "numpy.random.RandomState",
                        "numpy.random.Generator"})
DRAWS = frozenset({
    "normal", "standard_normal", "uniform", "random", "random_sample", "integers", "randint",
    "choice", "exponential", "standard_exponential", "gamma", "standard_gamma", "beta",
    "binomial", "poisson", "laplace", "lognormal", "multivariate_normal", "standard_t",
    "gumbel", "logistic", "rayleigh", "dirichlet", "multinomial", "randn", "rand",
})

# Where the most used draws take `size` positionally (`rng.normal(0.0, 1.0, (48, 48))`).
SIZE_POSITION = {"normal": 2, "uniform": 2, "integers": 2, "randint": 2, "standard_normal": 0,
                 "random": 0, "random_sample": 0}


def _draw_shape(model: FileModel, scope: Scope,
                call: cst.Call) -> tuple[int, ...] | None | bool:
    """For an array drawn from a NumPy generator (`default_rng(0).normal(size=(48, 48))`,
    `rng.standard_normal(size=n)`, `np.random.RandomState(0).randn(40, 40)`, the generator
    at the call or a module-level name bound once to one): its literal shape, or None when
    the code does not show it. False for any other call (a draw without a size is a scalar)."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in DRAWS) \
            or not _generator(scope, func.value):
        return False
    if func.attr.value in ("randn", "rand"):
        dims = [a.value for a in call.args if a.keyword is None and not a.star]
        if not dims or len(dims) != len(call.args):
            return False
        known = [int(d.evaluated_value) if isinstance(d, cst.Integer) else None for d in dims]
        return None if None in known else tuple(known)  # type: ignore[arg-type]
    size = next((a.value for a in call.args if a.keyword is not None
                 and a.keyword.value == "size"), None)
    at = SIZE_POSITION.get(func.attr.value)
    positional = [a for a in call.args if a.keyword is None]
    if size is None and at is not None and len(positional) > at and not any(
            a.star for a in positional[:at + 1]):
        size = positional[at].value
    if size is None:
        return False
    if isinstance(size, cst.Integer):
        return (int(size.evaluated_value),)
    if isinstance(size, (cst.Tuple, cst.List)) and all(
            isinstance(e.value, cst.Integer) for e in size.elements):
        return tuple(int(e.value.evaluated_value) for e in size.elements)  # type: ignore
    return None


def _generator(scope: Scope, expr: cst.BaseExpression) -> bool:
    """A NumPy generator made at the call, or a module-level name bound once to one."""
    if isinstance(expr, cst.Name):
        _owner, bindings = lookup(scope, expr.value)
        if len(bindings) != 1 or bindings[0].scope.kind != "module":
            return False
        expr, scope = bindings[0].assigned_value, bindings[0].scope
    return isinstance(expr, cst.Call) and qualified_name(scope, expr.func) in GENERATORS


def _array_function(model: FileModel, scope: Scope, func: cst.Name, depth: int) -> bool:
    """``func`` names a module-level def, without decorators, every `return` of which
    returns an array expression (read in the def's own scope)."""
    found = file_function(model, scope, func)
    if found is None or found[2].kind != "module" or found[0].decorators:
        return False
    function, inner, _owner = found
    returns = returns_of(function)
    return bool(returns) and all(r.value is not None and _array_expression(
        model, inner, r.value, depth) for r in returns)
