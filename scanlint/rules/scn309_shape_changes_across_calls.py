from __future__ import annotations

import ast
from typing import Iterator

from scanlint.core.diagnostic import Diagnostic
from scanlint.rules import Invalid, Rule, RuleContext, no_fix_reason
from scanlint.semantic.batches import changing_batch
from scanlint.semantic.data_shapes import data_shaped, repeated_from
from scanlint.semantic.growing import grown, grown_through_output
from scanlint.semantic.program import CallSite, Program, Scope
from scanlint.semantic.recompiles import (converted, distinct_ints, jitted_callables,
                                          maker_and_shape, traced_arguments, untraced,
                                          varying_shapes)

_JNP = "import jax\nimport jax.numpy as jnp\n"
_DEPTH = 3  # functions passing the argument on, followed back to the loop


class ShapeChangesAcrossCalls(Rule):
    """
    ## What it does
    Finds a jitted function (`@jax.jit`, `fast = jax.jit(f)`, NNX's, `pjit`'s) called in a
    Python loop with an array whose shape the code shows changing from one iteration to
    the next: the loop iterates over a list of arrays of different shapes (a list display
    of `jnp.ones((24, 16))`, `jnp.ones((31, 16))`, ..., or a comprehension making one array
    per value of a sequence of distinct sizes), or passes a slice whose bound is the loop's
    variable over distinct sizes (`x[:n]` for `n` in `(64, 128, 256)` or a `range`), or an
    array made in the loop with such a variable in its shape (`jnp.ones((n, 4))`), or an
    array the loop grows at every iteration (`context = np.append(context, token)`, a
    list it appends to and stacks for the call, an attribute of `self` a method rebinds to
    `np.append(self.history, x)`, a state a helper of the file returns with a longer field,
    a cache the jitted function itself returns longer and the loop passes back), or a batch
    whose last one holds the remainder (`xs[i:i + bs]` for `i` in `range(0, len(xs), bs)`,
    `xs[k * bs:(k + 1) * bs]` for `k` in `range(ceil(n / bs))`, a `while start < n` loop;
    not when the source shows that `bs` divides the length), or one whose size a counter
    sets (`length = 5 + 3 * i`), also when a generator of the file makes them
    (`for xb, yb in dataloader(...)`), or
    an array whose shape comes from values, in code a loop runs again and again (the call in
    the loop, or in a function called from one): a boolean mask (`x[x > t]`), `nonzero`,
    `unique`, `argwhere` without `size=`, or a size read from elements (`int(mask.sum())`,
    `n = int(40 + 2 * float(theta[0]))` given to `jnp.linspace`, also through the file's
    function that makes the array from it). Items
    unpacked from tuples count (`for idx, w in batches`), and so does a jit of a function
    the file does not define (`jax.jit(model.apply)`: every argument). The
    array may reach the jitted function through the file's functions that pass it on as
    they got it (`inference(frames)` calling `model_apply(params, frames)`); one that pads
    or reshapes it first is not followed.

    ## Why is this bad?
    `jit` compiles once per input shape: every new shape traces and compiles the whole
    function again, so a loop over clips of different lengths compiles at (nearly) every
    iteration. A test runs the invalid cases below under JAX and counts the compiles.

    ## Example
    ```python
    model_apply = jax.jit(track_points)
    for frames in videos:  # 24, 31, 17, 40 frames
        model_apply(params, frames, queries)
    ```

    ## Use instead
    ```python
    for frames in videos:
        padded = jnp.zeros((MAX_FRAMES, *frames.shape[1:])).at[: len(frames)].set(frames)
        model_apply(params, padded, queries)[: len(frames)]
    ```
    (pad to one size, or to a few buckets, with a mask if the padding matters). No fix is
    offered: the padding value and the mask depend on the computation.
    """

    CODE = "SCN309"
    NAME = "shape-changes-across-calls"
    MESSAGE = ("`{function}` is jitted and called in this loop with `{arg}`, whose shape "
               "changes from one iteration to the next ({shapes}): jit compiles once per "
               "input shape, so each new shape traces and compiles again; pad to a fixed size "
               "(or a few buckets)")
    DATA_MESSAGE = ("`{function}` is jitted and called with `{arg}`, whose shape comes from "
                    "array values (`{why}`), in code the loop on line {line} runs again and "
                    "again: jit compiles once per input shape, so each new size traces and "
                    "compiles again; pad to a fixed size (or a few buckets), or give "
                    "`nonzero`/`unique` a `size=`")
    PROGRAM = True

    def check(self, ctx: RuleContext) -> Iterator[Diagnostic]:
        program = ctx.program
        reported: set[int] = set()
        for jitted in jitted_callables(program):
            for site in jitted.calls:
                if not untraced(program, site.scope):
                    continue
                for param, arg in traced_arguments(jitted, site):
                    found = _varying(program, arg, site, 0)
                    if found is None and param is not None:
                        through = grown_through_output(program, jitted.function, param, arg,
                                                       site)
                        found = (site, program.source(arg), [through]) if through else None
                    if found is not None:
                        at, written, shapes = found
                        message = self.MESSAGE.format(function=jitted.name, arg=written,
                                                      shapes=", ".join(shapes[:5]))
                    else:
                        from_data = _sized_by_data(program, arg, site)
                        if from_data is None:
                            continue
                        at, why, loop = from_data
                        message = self.DATA_MESSAGE.format(
                            function=jitted.name, arg=program.source(arg), why=why,
                            line=loop.lineno)
                    if id(at.node) in reported:
                        continue
                    reported.add(id(at.node))
                    yield ctx.diagnostic_at(self, at.node, no_fix_reason(
                        message, "the padding and its mask depend on the computation"))

    VALID = [
        # What grows is a history the jitted function never sees.
        _JNP + "import numpy as np\nfast = jax.jit(jnp.sort)\n"
        "def run(x, steps):\n    history = np.zeros(0)\n    for _ in range(steps):\n"
        "        x = fast(x)\n        history = np.append(history, x[0])\n"
        "    return history\n"
        "h = run(jnp.ones(3), 3)\n",
        # Made in the loop, but its shape does not follow the loop's variable.
        _JNP + "@jax.jit\ndef energy(x):\n    return jnp.sum(x ** 2)\n"
        "def sweep():\n    for n in (3, 5, 8):\n        energy(jnp.ones((4, 4)) * n)\n"
        "sweep()\n",
        # Every clip padded to one length before the jitted call.
        _JNP + "MAX = 48\ndef track(frames):\n    return jnp.tanh(frames).sum(0)\n"
        "apply = jax.jit(track)\n"
        "def inference(frames):\n"
        "    padded = jnp.zeros((MAX, 4)).at[: frames.shape[0]].set(frames)\n"
        "    return apply(padded)\n"
        "videos = [jnp.ones((n, 4)) for n in (24, 31, 17)]\n"
        "for frames in videos:\n    inference(frames)\n",
        # Arrays of one shape.
        _JNP + "apply = jax.jit(lambda x: x * 2)\n"
        "for x in [jnp.ones((3, 4)), jnp.zeros((3, 4))]:\n    apply(x)\n",
        # Token lists of one length.
        _JNP + "@jax.jit\ndef encode(tokens, table):\n    return table[tokens].mean(0)\n"
        "for seq in [[1, 2], [4, 5], [6, 7]]:\n    encode(jnp.array(seq), jnp.ones((10, 4)))\n",
        # A slice of a fixed length at a moving start.
        _JNP + "apply = jax.jit(lambda x: x.sum())\nxs = jnp.ones(40)\n"
        "for i in range(0, 40, 8):\n    apply(xs[i:i + 8])\n",
        # `nonzero` given a size: one shape whatever the mask.
        _JNP + "fast = jax.jit(lambda idx: idx * 2)\n"
        "def active(rows):\n    for row in rows:\n"
        "        fast(jnp.nonzero(row, size=3, fill_value=0)[0])\n"
        "active(jnp.array([[1, 0, 1], [1, 1, 1], [0, 0, 1]]))\n",
        # A size read from the shape, not from the values.
        _JNP + "@jax.jit\ndef energy(x):\n    return jnp.sum(x ** 2)\n"
        "def half(x):\n    n = int(x.shape[0] / 2)\n    return energy(x[:n])\n"
        "for x in [jnp.ones(8), jnp.zeros(8)]:\n    half(x)\n",
        # A masked selection made once, outside any loop.
        _JNP + "@jax.jit\ndef log_prob(points):\n    return -0.5 * jnp.sum(points ** 2)\n"
        "pts = jnp.linspace(-1, 1, 24)\nlp = log_prob(pts[pts > 0])\n",
        # Batches cut to a whole number: the remainder is dropped.
        _JNP + "import numpy as np\n@jax.jit\ndef step(w, xb):\n    return w - xb.mean() * w\n"
        "def train(w, xs, bs=8):\n    steps = len(xs) // bs\n    for i in range(steps):\n"
        "        w = step(w, xs[i * bs:(i + 1) * bs])\n    return w\n"
        "w = train(jnp.ones(3), np.ones((30, 3), np.float32))\n",
        # The last batch padded to the batch size before the call.
        _JNP + "import numpy as np\n@jax.jit\ndef step(w, xb):\n    return w - xb.mean() * w\n"
        "def train(w, xs, bs=8):\n    for i in range(0, len(xs), bs):\n"
        "        xb = jnp.pad(xs[i:i + bs], ((0, bs - len(xs[i:i + bs])), (0, 0)))\n"
        "        w = step(w, xb)\n    return w\n"
        "w = train(jnp.ones(3), np.ones((30, 3), np.float32))\n",
        # States appended in the loop, stacked once after it.
        _JNP + "@jax.jit\ndef summary(states):\n    return states.mean(0)\n"
        "def run(x):\n    states = []\n    for _ in range(4):\n        x = x * 0.5\n"
        "        states.append(x)\n    return summary(jnp.stack(states))\n"
        "s = run(jnp.ones(3))\n",
        # A cache of fixed length the jitted step writes a row of.
        _JNP + "@jax.jit\ndef decode(cache, t, x):\n"
        "    return cache.at[t].set(x), x.sum()\n"
        "def generate(n):\n    cache = jnp.zeros((n, 4))\n    for t in range(n):\n"
        "        cache, y = decode(cache, t, jnp.ones(4) * t)\n    return cache\n"
        "c = generate(4)\n",
    ]

    INVALID = [
        # Points kept by a mask whose count follows the threshold, in a function a loop
        # calls (tedwards2412/ripple#4: sizes from the data re-jit a waveform model).
        Invalid(_JNP + "@jax.jit\ndef log_prob(points):\n    return -0.5 * jnp.sum(points ** 2)\n"
                "def step(points, threshold):\n    kept = points[points[:, 0] > threshold]\n"
                "    return log_prob(kept)\n"
                "pts = jnp.linspace(-1, 1, 24).reshape(12, 2)\n"
                "for t in (-0.5, 0.0, 0.5):\n    step(pts, t)\n"),
        # A grid whose length is computed from a parameter's value, through the file's
        # function that makes it.
        Invalid(_JNP + "def grid(n):\n    return jnp.linspace(0.0, 1.0, n)\n"
                "@jax.jit\ndef energy(x):\n    return jnp.sum(x ** 2)\n"
                "def evaluate(params):\n    n = int(10 + 4 * float(params[0]))\n"
                "    return energy(grid(n))\n"
                "for scale in (0.5, 1.5, 2.5):\n    evaluate(jnp.array([scale]))\n"),
        # `nonzero` without a size: as many indices as the row has set.
        Invalid(_JNP + "fast = jax.jit(lambda idx: idx * 2)\n"
                "def active(rows):\n    for row in rows:\n        fast(jnp.nonzero(row)[0])\n"
                "active(jnp.array([[1, 0, 1], [1, 1, 1], [0, 0, 1]]))\n"),
        # A context grown by one token per step, fed to a jit of a function the file does
        # not define (https://github.com/jax-ml/jax/issues/837).
        Invalid(_JNP + "import numpy as np\nfast = jax.jit(jnp.cumsum)\n"
                "def sample(prompt, steps):\n    context = np.asarray(prompt)\n"
                "    for _ in range(steps):\n        out = fast(context)\n"
                "        context = np.append(context, 1)\n    return context\n"
                "ctx = sample([1, 2, 3], 3)\n"),
        # Batches of (indices, weights) pairs whose length differs, through a parameter.
        Invalid(_JNP + "@jax.jit\ndef scatter(table, idx, w):\n"
                "    return table.at[idx].add(w)\n"
                "def run(batches, table):\n    for idx, w in batches:\n"
                "        table = scatter(table, idx, w)\n    return table\n"
                "SIZES = [3, 5, 4]\n"
                "out = run([(jnp.arange(s), jnp.ones(s)) for s in SIZES], jnp.zeros(8))\n"),
        # An array made in the loop with the loop's size, through a name.
        Invalid(_JNP + "@jax.jit\ndef energy(x):\n    return jnp.sum(x ** 2)\n"
                "SIZES = [3, 5, 8]\n"
                "def sweep():\n    for n in SIZES:\n        x = jnp.ones((n, 4))\n"
                "        energy(x)\n"
                "sweep()\n"),
        # Videos of different lengths, through a helper passing them on.
        Invalid(_JNP + "def track(params, frames):\n    return jnp.tanh(frames * params).sum(0)\n"
                "model_apply = jax.jit(track)\n"
                "def inference(params, frames):\n    return model_apply(params, frames)\n"
                "videos = [jnp.ones((n, 16)) for n in (24, 31, 17, 40)]\n"
                "for frames in videos:\n    inference(0.5, frames)\n"),
        # A list display of arrays of different shapes, a decorated jit.
        Invalid(_JNP + "@jax.jit\ndef norm(x):\n    return jnp.sqrt((x ** 2).sum())\n"
                "for x in [jnp.ones(3), jnp.ones(5), jnp.ones(7)]:\n    norm(x)\n"),
        # Prefixes of growing length.
        Invalid(_JNP + "@jax.jit\ndef total(x):\n    return x.sum()\n"
                "def sweep(xs):\n    for n in (8, 16, 32):\n        total(xs[:n])\n"
                "sweep(jnp.ones(64))\n"),
        # Token lists of different lengths, converted at the call.
        Invalid(_JNP + "@jax.jit\ndef encode(tokens, table):\n    return table[tokens].mean(0)\n"
                "table = jnp.ones((10, 4))\n"
                "for seq in [[1, 2, 3], [4, 5], [6, 7, 8, 9]]:\n"
                "    encode(jnp.array(seq), table)\n"),
        # The last slice of a `range(0, len(xs), bs)` loop holds the remainder: 30 rows in
        # batches of 8 end with 6 (huggingface/transformers' Flax examples drop it).
        Invalid(_JNP + "import numpy as np\n@jax.jit\ndef step(w, xb):\n"
                "    return w - xb.mean() * w\n"
                "def train(w, xs, bs=8):\n    for i in range(0, len(xs), bs):\n"
                "        w = step(w, xs[i:i + bs])\n    return w\n"
                "w = train(jnp.ones(3), np.ones((30, 3), np.float32))\n"),
        # The same through a generator of the file that yields index batches up to `n`.
        Invalid(_JNP + "import numpy as np\n@jax.jit\ndef step(w, xb, yb):\n"
                "    return w - (xb.mean() - yb.mean()) * w\n"
                "def batches(xs, ys, bs):\n    perm = np.arange(len(xs))\n    start = 0\n"
                "    while start < len(xs):\n        idx = perm[start:start + bs]\n"
                "        yield xs[idx], ys[idx]\n        start += bs\n"
                "def train(w, xs, ys):\n    for xb, yb in batches(xs, ys, 8):\n"
                "        w = step(w, xb, yb)\n    return w\n"
                "w = train(jnp.ones(3), np.ones((30, 3), np.float32), np.ones(30, np.float32))\n"),
        # Batches whose length the generator's counter sets.
        Invalid(_JNP + "import numpy as np\n@jax.jit\ndef step(w, tokens):\n"
                "    return (tokens * w).mean()\n"
                "def stream(n):\n    rng = np.random.default_rng(0)\n    for i in range(n):\n"
                "        length = 5 + 3 * i\n        yield rng.standard_normal((2, length))\n"
                "for batch in stream(3):\n    step(1.0, batch)\n"),
        # A history kept on `self`, one longer at each observation.
        Invalid(_JNP + "import numpy as np\n@jax.jit\ndef smooth(history):\n"
                "    return history.mean()\n"
                "class Filter:\n    def __init__(self):\n        self.history = np.zeros(0)\n"
                "    def observe(self, v):\n"
                "        self.history = np.append(self.history, v)\n"
                "        return smooth(jnp.asarray(self.history))\n"
                "f = Filter()\nfor t in range(3):\n    f.observe(float(t))\n"),
        # Past states appended to a list and stacked for the call, inside the loop.
        Invalid(_JNP + "@jax.jit\ndef summary(states):\n    return states.mean(0)\n"
                "def run(x):\n    states = []\n    for _ in range(3):\n        x = x * 0.5\n"
                "        states.append(x)\n        summary(jnp.stack(states))\n    return x\n"
                "s = run(jnp.ones(3))\n"),
        # A cache the jitted step returns one row longer, passed back at every step.
        Invalid(_JNP + "@jax.jit\ndef decode(cache, x):\n"
                "    cache = jnp.concatenate([cache, x[None]], axis=0)\n"
                "    return cache, cache.sum()\n"
                "def generate(n):\n    cache = jnp.zeros((0, 4))\n    for t in range(n):\n"
                "        cache, y = decode(cache, jnp.ones(4) * t)\n    return cache\n"
                "c = generate(3)\n"),
        # A state a helper of the file returns with a longer field at every iteration.
        Invalid(_JNP + "from typing import NamedTuple\n"
                "class Obs(NamedTuple):\n    xs: jax.Array\n    ys: jax.Array\n"
                "@jax.jit\ndef best(xs, ys):\n    return xs[jnp.argmax(ys)]\n"
                "def expand(obs, x, y):\n"
                "    return Obs(jnp.append(obs.xs, x), jnp.append(obs.ys, y))\n"
                "def fit(obs):\n    for _ in range(3):\n        x = best(obs.xs, obs.ys)\n"
                "        obs = expand(obs, x, x * 2)\n    return obs\n"
                "o = fit(Obs(jnp.array([0.0, 1.0]), jnp.array([0.0, 2.0])))\n"),
    ]


def _varying(program: Program, arg: ast.expr, site: CallSite,
             depth: int) -> tuple[CallSite, str, list[str]] | None:
    """Where ``arg`` (passed at ``site``) changes shape across a loop's iterations: the call
    in the loop, how it is written there, and the shapes."""
    shorter = changing_batch(program, arg, site.scope, site.loops)
    if shorter is not None:
        return site, program.source(arg), [shorter]
    if isinstance(arg, ast.Subscript) and isinstance(arg.slice, ast.Slice):
        sizes = _slice_sizes(program, arg.slice, site)
        if sizes is not None:
            return site, program.source(arg), sizes
    shape = _made_shape(program, arg, site.scope)  # `jnp.ones((n, 4))`, n the loop's
    for part in ast.walk(shape) if shape is not None else ():
        sizes = _loop_sizes(program, part, site) if isinstance(part, ast.Name) else None
        if sizes is not None:
            return site, program.source(arg), sizes
    longer = grown(program, converted(program, arg, site.scope), site)
    if longer is not None:
        return site, program.source(arg), [longer]
    arg = converted(program, arg, site.scope)  # `encode(jnp.array(seq))`
    if not isinstance(arg, ast.Name):
        return None
    bindings = program.lookup(site.scope, arg.id)
    if len(bindings) != 1:
        return None
    bind = bindings[0]
    if bind.kind == "assign" and bind.value is not None and isinstance(bind.target, ast.Name) \
            and any(loop in site.loops for loop in bind.loops) and depth < _DEPTH:
        found = _varying(program, bind.value, site, depth + 1)  # `x = jnp.ones(n)`, then f(x)
        return (site, arg.id, found[2]) if found is not None else None
    if bind.kind == "loop" and isinstance(bind.node, (ast.For, ast.AsyncFor)) and \
            bind.node in site.loops:
        place = _place(bind.node.target, arg.id)
        if place is False:
            return None
        shapes = varying_shapes(program, bind.node.iter, bind.scope or site.scope,
                                place=place)
        if shapes is not None:
            return site, arg.id, shapes
        return None
    if bind.kind == "param" and depth < _DEPTH and bind.scope is not None:
        function: Scope = bind.scope
        for caller, target in program.callers(function):
            passed = function.argument(caller.node, arg.id, target.bound_self)
            if passed is None or not untraced(program, caller.scope):
                continue
            found = _varying(program, passed, caller, depth + 1)
            if found is not None:
                return found
    return None


def _sized_by_data(program: Program, arg: ast.expr,
                   site: CallSite) -> tuple[CallSite, str, ast.AST] | None:
    """Where ``arg``'s shape comes from array values (a mask, `nonzero`, a size read from
    elements), at a call that a loop runs again and again: the call, the expression that
    decides the shape, the loop. A parameter is followed to its callers' arguments."""
    loop = repeated_from(program, site)
    if loop is None:
        return None
    why = data_shaped(program, converted(program, arg, site.scope), site.scope)
    if why is not None:
        return site, why, loop
    bind = program.single(site.scope, arg.id) if isinstance(arg, ast.Name) else None
    if bind is None or bind.kind != "param" or bind.scope is None:
        return None
    for caller, target in program.callers(bind.scope):
        passed = bind.scope.argument(caller.node, arg.id, target.bound_self)
        why = None if passed is None else data_shaped(program, passed, caller.scope)
        if why is not None:
            return site, why, loop
    return None


def _place(target: ast.expr, name: str) -> int | None | bool:
    """None when the loop's target is ``name``; its place when the target is a tuple of
    names holding it (`for idx, w in batches`); False otherwise."""
    if isinstance(target, ast.Name):
        return None if target.id == name else False
    if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
        places = [i for i, e in enumerate(target.elts) if e.id == name]  # type: ignore
        return places[0] if len(places) == 1 else False
    return False


def _made_shape(program: Program, expr: ast.expr, scope: Scope) -> ast.expr | None:
    """The shape argument of a maker whose first argument is a shape or a size (`zeros`,
    `full`, `arange`, a draw), not the data of `array`/`asarray` or `linspace`'s start."""
    made = maker_and_shape(program, expr, scope)
    return made[1] if made is not None and made[0] not in ("array", "asarray", "linspace") \
        else None


def _slice_sizes(program: Program, part: ast.Slice, site: CallSite) -> list[str] | None:
    """For `x[:n]` (no lower bound, no step) with `n` a loop's variable over distinct sizes:
    those sizes."""
    if part.lower is not None or part.step is not None or not isinstance(part.upper, ast.Name):
        return None
    return _loop_sizes(program, part.upper, site)


def _loop_sizes(program: Program, name: ast.Name, site: CallSite) -> list[str] | None:
    """The sizes ``name`` takes when it is the variable of a loop around ``site`` over
    distinct ints: a tuple or list display (also through a name bound once to one), or a
    `range`."""
    bindings = program.lookup(site.scope, name.id)
    if len(bindings) != 1 or bindings[0].kind != "loop":
        return None
    loop = bindings[0].node
    if not isinstance(loop, (ast.For, ast.AsyncFor)) or loop not in site.loops or not \
            isinstance(loop.target, ast.Name):
        return None
    values = loop.iter
    sizes = distinct_ints(program, values, site.scope)
    if sizes is not None:
        return [f"`{name.id}` = {v}" for v in sizes]
    if isinstance(values, ast.Call) and isinstance(values.func, ast.Name) and \
            values.func.id == "range" and not program.lookup(site.scope, "range"):
        return [f"`{name.id}` in `{program.source(values)}`"]
    return None
