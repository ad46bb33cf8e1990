"""A third holdout set for scanlint's recall, built blind: scan-family and unrolled-loop mistakes
reported in public threads and pages that none of benchmarks/recall_cases.py,
recall_holdout_cases.py or recall_holdout2_cases.py uses (only their addresses were compared),
each written anew by someone who had read docs/rules.md but none of the rules' code, with its
corrected look-alike. No case was run through scanlint while it was written.

The same `Case` as benchmarks/recall_cases.py. `codes` names the rule whose documented scope
(docs/rules.md) the mistake falls in; ("none",) when no rule's documented scope claims it, even
when a rule covers a close cousin (a Python loop over a list of layers, a loop in a function
wrapped as `jax.jit(jax.grad(f))`, which SCN301's documented ways of running under `jit` do not
list). `visible` is False when the documented scope cannot see the mistake in the file's source
(it depends on what a value is at run time), and such a case does not count for recall. `note`
says which variant of writing the case represents, and, where the thread's own code differs
(the mistake made under `jit`, with another library, or in a neighbouring API), how.

Blind, the set scored 14 of 18. The four misses (c204-distribution-caches-on-self,
c204-lazy-layer-builds-params-in-body, c205-accumulated-local-read-late,
c208-float16-carry-mixed-with-float32-xs) were then used to widen SCN204, SCN205 and SCN208 for
the families they stand for: those four are tuned, no longer blind, and the 18 of 18 the set
now scores says so.

Every reproduction fails under JAX 0.10.2 with `raises` in its error, or runs and makes
`symptom` true; every look-alike runs with `symptom` false. SCN301's symptom is program size: the
jitted function's lowered (StableHLO) text or its traced jaxpr holds one copy of the body per
trip, where the rolled look-alike holds one.

    python benchmarks/recall.py --cases holdout3          # the per-rule table and the misses
    python benchmarks/recall.py --cases holdout3 --jax    # also check every case under JAX
"""

from __future__ import annotations

import os
import sys
from textwrap import dedent

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_cases import Case  # noqa: E402  (the same dataclass)

PYTREE = "carry input and carry output must have the same pytree structure"
TYPES = "carry input and carry output must have equal types"
NO_LENGTH = "scan got no values to scan over and `length` not provided"


def _src(text: str) -> str:
    return dedent(text).lstrip("\n")


CASES = [
    # -- SCN201: the carry's pytree structure changes ----------------------------------------
    Case(
        "c201-restored-state-dict-as-init", "https://github.com/google/flax/issues/1429",
        ("SCN201",),
        _src("""
            import jax
            import jax.numpy as jnp
            from flax import serialization, struct

            @struct.dataclass
            class TrainState:
                step: jax.Array
                params: jax.Array

            def train_step(state, batch):
                grads = 2 * state.params - batch
                new = TrainState(step=state.step + 1, params=state.params - 0.1 * grads)
                return new, jnp.sum(grads ** 2)

            blob = serialization.to_bytes(TrainState(jnp.array(0), jnp.ones(3)))
            state = serialization.msgpack_restore(blob)
            final, losses = jax.lax.scan(train_step, state, jnp.ones((4, 3)))
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            from flax import serialization, struct

            @struct.dataclass
            class TrainState:
                step: jax.Array
                params: jax.Array

            def train_step(state, batch):
                grads = 2 * state.params - batch
                new = TrainState(step=state.step + 1, params=state.params - 0.1 * grads)
                return new, jnp.sum(grads ** 2)

            template = TrainState(jnp.array(0), jnp.ones(3))
            blob = serialization.to_bytes(template)
            state = serialization.from_bytes(template, blob)
            final, losses = jax.lax.scan(train_step, state, jnp.ones((4, 3)))
            """),
        raises="'dict' object has no attribute 'params'", visible=False,
        note="a checkpoint restored with msgpack_restore (a plain state dict) is the init "
             "while the body builds the flax dataclass; what msgpack_restore returns is not in "
             "the file (the thread: a "
             "deserialized TrainState failing the control-flow tree check); JAX fails first "
             "on the body's attribute read"),

    # -- SCN202: scan with nothing to scan over and no length --------------------------------
    Case(
        "c202-wrapper-length-optional", "https://github.com/genjax-community/genjax/issues/1248",
        ("SCN202",),
        _src("""
            import jax
            import jax.numpy as jnp

            def unfold(kernel, init, inputs=None, n=None):
                return jax.lax.scan(kernel, init, inputs, length=n)

            def walk_step(x, _):
                x = 0.9 * x + 1.0
                return x, x

            final, path = unfold(walk_step, jnp.float32(0.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def unfold(kernel, init, inputs=None, n=None):
                return jax.lax.scan(kernel, init, inputs, length=n)

            def walk_step(x, _):
                x = 0.9 * x + 1.0
                return x, x

            final, path = unfold(walk_step, jnp.float32(0.0), n=5)
            """),
        raises=NO_LENGTH,
        note="a wrapper whose `n` (the scan's length=) and inputs are optional, called with "
             "neither (the thread: a combinator's `n` documented as optional but needed)"),

    # -- SCN203: the scan body does not return a pair ----------------------------------------
    Case(
        "c203-body-returns-loss-and-aux-triple", "https://github.com/jax-ml/jax/issues/5776",
        ("SCN203",),
        _src("""
            import jax
            import jax.numpy as jnp

            def fit_epochs(w, batches, lr=0.1):
                def epoch(w, batch):
                    x, y = batch
                    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
                    w = w - lr * g
                    return w, loss, jnp.linalg.norm(g)
                return jax.lax.scan(epoch, w, batches)

            xs = jnp.ones((3, 4, 2))
            ys = jnp.zeros((3, 4))
            w, losses = fit_epochs(jnp.ones(2), (xs, ys))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def fit_epochs(w, batches, lr=0.1):
                def epoch(w, batch):
                    x, y = batch
                    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
                    w = w - lr * g
                    return w, (loss, jnp.linalg.norm(g))
                return jax.lax.scan(epoch, w, batches)

            xs = jnp.ones((3, 4, 2))
            ys = jnp.zeros((3, 4))
            w, (losses, norms) = fit_epochs(jnp.ones(2), (xs, ys))
            """),
        raises="scan body output must be a pair",
        note="thread: a has_aux function returning a triple instead of a pair; here a scan "
             "body returns (carry, loss, aux) flat instead of (carry, (loss, aux))"),

    # -- SCN204: Python side effects in a loop body ------------------------------------------
    Case(
        "c204-distribution-caches-on-self", "https://github.com/google-deepmind/distrax/issues/64",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            class Gaussian:
                def __init__(self, scale):
                    self.scale = scale
                    self._last_loc = None

                def log_prob(self, loc, x):
                    self._last_loc = loc
                    return -0.5 * ((x - loc) / self.scale) ** 2

            dist = Gaussian(1.0)

            def filter_step(loc, obs):
                lp = dist.log_prob(loc, obs)
                return 0.8 * loc + 0.2 * obs, lp

            loc, lps = jax.lax.scan(filter_step, 0.0, jnp.arange(4.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            class Gaussian:
                def __init__(self, scale):
                    self.scale = scale

                def log_prob(self, loc, x):
                    return -0.5 * ((x - loc) / self.scale) ** 2

            dist = Gaussian(1.0)

            def filter_step(loc, obs):
                lp = dist.log_prob(loc, obs)
                return 0.8 * loc + 0.2 * obs, lp

            loc, lps = jax.lax.scan(filter_step, 0.0, jnp.arange(4.0))
            """),
        symptom="type(getattr(dist, '_last_loc', None)).__name__.endswith('Tracer')",
        note="a module-level distribution object whose method stores the loc on `self` is "
             "called from the body: the attribute assignment is inside a method of the "
             "object, not in the body itself; it keeps a leaked tracer"),
    Case(
        "c204-lazy-layer-builds-params-in-body",
        "https://github.com/google-deepmind/dm-haiku/issues/214",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            class LazyLinear:
                def __init__(self, features):
                    self.features = features
                    self.w = None

                def __call__(self, x):
                    if self.w is None:
                        self.w = jnp.ones((x.shape[-1], self.features)) / x.shape[-1]
                    return x @ self.w

            def encode(batches):
                layer = LazyLinear(3)

                def scanner(carry, batch):
                    out = layer(batch)
                    return carry + out.sum(), out

                total, outs = jax.lax.scan(scanner, 0.0, batches)
                return layer, total

            layer, total = encode(jnp.ones((5, 2, 4)))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            class LazyLinear:
                def __init__(self, features):
                    self.features = features
                    self.w = None

                def __call__(self, x):
                    if self.w is None:
                        self.w = jnp.ones((x.shape[-1], self.features)) / x.shape[-1]
                    return x @ self.w

            def encode(batches):
                layer = LazyLinear(3)
                layer(batches[0])

                def scanner(carry, batch):
                    out = layer(batch)
                    return carry + out.sum(), out

                total, outs = jax.lax.scan(scanner, 0.0, batches)
                return layer, total

            layer, total = encode(jnp.ones((5, 2, 4)))
            """),
        symptom="'Tracer' in type(layer.w).__name__",
        note="a layer that creates its weights on first call, first called inside the scan "
             "body (the thread: a haiku module used inside jax.lax.scan, 'unexpected tracer'); "
             "the attribute is set inside the object's __call__, guarded by `is None`; the "
             "look-alike builds it once before the scan"),
    Case(
        "c204-global-step-counter-in-scan-body", "https://github.com/jax-ml/jax/issues/16637",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            n_calls = 0

            def integrate(x, _):
                global n_calls
                n_calls += 1
                return jnp.sin(x), None

            out, _ = jax.lax.scan(integrate, 1.0, None, length=5)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            n_calls = 0

            def count():
                global n_calls
                n_calls += 1

            def integrate(x, _):
                jax.debug.callback(count)
                return jnp.sin(x), None

            out, _ = jax.lax.scan(integrate, 1.0, None, length=5)
            jax.effects_barrier()
            """),
        symptom="n_calls != 5",
        note="a `global` counter bumped in the body counts one trace, not five steps; the "
             "thread counts steps with jax.debug.callback, which the look-alike does"),

    # -- SCN205: a body defined in a loop reads the loop variable late ----------------------
    Case(
        "c205-bodies-in-dict-by-name", "https://github.com/tensorflow/probability/issues/1378",
        ("SCN205",),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.ones(4)
            models = {}
            for i in range(3):
                def grow(c, x):
                    return c + (i + 1) * x, c
                models["b" + str(i)] = grow

            ends = {name: jax.lax.scan(f, 0.0, xs)[0] for name, f in models.items()}
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.ones(4)
            models = {}
            for i in range(3):
                def grow(c, x, i=i):
                    return c + (i + 1) * x, c
                models["b" + str(i)] = grow

            ends = {name: jax.lax.scan(f, 0.0, xs)[0] for name, f in models.items()}
            """),
        symptom="float(ends['b0']) == float(ends['b2'])",
        note="thread: TFP lambdas stored in a dict inside a loop over i all see the last i; "
             "here scan bodies stored in a dict under built-up names, scanned afterwards "
             "from .items()"),
    Case(
        "c205-accumulated-local-read-late", "https://github.com/PyCQA/flake8-bugbear/issues/402",
        ("SCN205",),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.arange(3.0)
            foo = 0
            steps = []
            for _ in range(3):
                foo = foo + 1
                steps.append(lambda c, x: (c + foo * x, c))

            outs = [jax.lax.scan(step, 0.0, xs)[0] for step in steps]
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.arange(3.0)
            foo = 0
            outs = []
            for _ in range(3):
                foo = foo + 1
                outs.append(jax.lax.scan(lambda c, x: (c + foo * x, c), 0.0, xs)[0])
            """),
        symptom="len({float(o) for o in outs}) == 1",
        note="the thread's `foo = foo + 1` inside the loop: the lambdas read `foo`, a name "
             "the loop rebinds but not its target (`_`), and run after the loop; the "
             "look-alike calls scan in the same iteration, which the thread calls fine"),

    # -- SCN206: a carried counter used only to index ----------------------------------------
    Case(
        "c206-gather-counter-past-index-list", "https://github.com/jax-ml/jax/pull/13002",
        ("SCN206",),
        _src("""
            import jax
            import jax.numpy as jnp

            def gather(table, idxs, n):
                def body(carry, _):
                    i = carry
                    row = table[idxs[i]]
                    return i + 1, row
                _, rows = jax.lax.scan(body, 0, None, length=n)
                return rows

            table = jnp.arange(12.0).reshape(6, 2)
            rows = gather(table, jnp.array([0, 2, 5]), 5)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def gather(table, idxs, n):
                def body(carry, idx):
                    return carry, table[idx]
                _, rows = jax.lax.scan(body, 0, idxs[:n])
                return rows

            table = jnp.arange(12.0).reshape(6, 2)
            rows = gather(table, jnp.array([0, 2, 5]), 5)
            """),
        symptom="rows.shape[0] != 3 or bool(jnp.all(rows[-1] == rows[-2]))",
        note="the whole carry is the counter (`i = carry`), indexing an index list shorter "
             "than the loop: the clamped index repeats the last row silently"),

    # -- SCN207: a module-level array closed over by a loop body -----------------------------
    Case(
        "c207-module-matrix-in-fori-body", "https://github.com/jax-ml/jax/issues/16278",
        ("SCN207",),
        _src("""
            import numpy as np
            import jax
            import jax.numpy as jnp

            bigmat = jnp.array(np.random.random((40, 30, 20)))

            def body(i, f):
                gx = bigmat[i] @ jnp.ones(20)
                return f.at[i].set(gx.sum())

            def foo(x):
                return jax.lax.fori_loop(0, 3, body, jnp.zeros(x.shape[0]))

            consts = jax.make_jaxpr(foo)(jnp.ones(20)).consts
            """),
        _src("""
            import numpy as np
            import jax
            import jax.numpy as jnp

            bigmat = jnp.array(np.random.random((40, 30, 20)))

            def foo(x, mat):
                def body(i, f):
                    gx = mat[i] @ jnp.ones(20)
                    return f.at[i].set(gx.sum())
                return jax.lax.fori_loop(0, 3, body, jnp.zeros(x.shape[0]))

            consts = jax.make_jaxpr(foo)(jnp.ones(20), bigmat).consts
            """),
        symptom="any(getattr(c, 'shape', None) == (40, 30, 20) for c in consts)",
        note="a module-level jnp.array(np.random.random(...)) read by a module-level "
             "fori_loop body (the thread closes over it with jit(lambda y: foo(y, bigmat)))"),
    Case(
        "c207-module-index-arrays-via-helper", "https://github.com/jax-ml/jax/issues/23479",
        ("SCN207",),
        _src("""
            import jax
            import jax.numpy as jnp

            m, n, s = 1200, 50, 4
            alpha = jnp.ones((m, s))
            idx1 = jax.random.randint(jax.random.PRNGKey(0), (m,), 0, n)

            def pair_term(params):
                return jnp.sum(params[idx1, :] * alpha, axis=1)

            def step(params, _):
                params = params - 1e-3 * pair_term(params).mean()
                return params, params.sum()

            def forward(params):
                return jax.lax.scan(step, params, None, length=3)

            consts = jax.make_jaxpr(forward)(jnp.ones((n, s))).consts
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            m, n, s = 1200, 50, 4
            alpha = jnp.ones((m, s))
            idx1 = jax.random.randint(jax.random.PRNGKey(0), (m,), 0, n)

            def pair_term(params, alpha, idx1):
                return jnp.sum(params[idx1, :] * alpha, axis=1)

            def forward(params, alpha, idx1):
                def step(params, _):
                    params = params - 1e-3 * pair_term(params, alpha, idx1).mean()
                    return params, params.sum()
                return jax.lax.scan(step, params, None, length=3)

            consts = jax.make_jaxpr(forward)(jnp.ones((n, s)), alpha, idx1).consts
            """),
        symptom="any(getattr(c, 'shape', None) in ((1200, 4), (1200,)) for c in consts)",
        note="module-level jnp.ones and jax.random.randint arrays, sizes from module "
             "constants, read through a module-level helper the scan body calls (the thread "
             "closes over them in a jitted function)"),

    # -- SCN208: the carry's dtype or shape changes ------------------------------------------
    Case(
        "c208-while-carry-grown-by-hstack", "https://github.com/PennyLaneAI/pennylane/pull/7098",
        ("SCN208",),
        _src("""
            import jax
            import jax.numpy as jnp

            def grow_until(limit):
                def keep_going(state):
                    a, b = state
                    return jnp.sum(a) < limit

                def extend(state):
                    a, b = state
                    return jnp.hstack([a, b]), 2 * b

                return jax.lax.while_loop(keep_going, extend, (jnp.ones(2), jnp.ones(1)))

            out = grow_until(10.0)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def grow_until(limit):
                def keep_going(state):
                    a, b = state
                    return jnp.sum(a) < limit

                def extend(state):
                    a, b = state
                    return a + jnp.sum(b), 2 * b

                return jax.lax.while_loop(keep_going, extend, (jnp.ones(2), jnp.ones(1)))

            out = grow_until(10.0)
            """),
        raises=TYPES,
        note="a while_loop body grows a tuple-carry slot with jnp.hstack of itself and "
             "another slot (the thread adds array resizing to PennyLane's own for/while "
             "loops, which JAX's do not allow)"),
    Case(
        "c208-float16-carry-mixed-with-float32-xs", "https://github.com/jax-ml/jax/pull/9046",
        ("SCN208",),
        _src("""
            import jax
            import jax.numpy as jnp

            N = 3

            def func(carry, x):
                new_carry = [carry[0] + x] + [a + b for a, b in zip(carry[1:], carry[:-1])]
                return new_carry, None

            init = [jnp.zeros((), jnp.float16)] * N
            carry, _ = jax.lax.scan(func, init, jnp.ones(5, jnp.float32))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            N = 3

            def func(carry, x):
                new_carry = [carry[0] + x] + [a + b for a, b in zip(carry[1:], carry[:-1])]
                return new_carry, None

            init = [jnp.zeros((), jnp.float16)] * N
            carry, _ = jax.lax.scan(func, init, jnp.ones(5, jnp.float16))
            """),
        raises=TYPES,
        note="the PR's list carry built by a comprehension; here the init is float16 arrays "
             "(not weak Python floats) and xs float32, so the first slot is promoted"),

    # -- SCN301: Python loops unrolled under jit ---------------------------------------------
    Case(
        "c301-rollout-indexes-actions", "https://github.com/jax-ml/jax/issues/16611",
        ("SCN301",),
        _src("""
            from functools import partial
            import jax
            import jax.numpy as jnp

            N_STEPS = 50

            @partial(jax.jit)
            def rollout(state, actions):
                for i in range(N_STEPS):
                    state = jnp.cos(state) + actions[i]
                return state

            hlo = rollout.lower(jnp.zeros(3), jnp.ones((N_STEPS, 3))).as_text()
            """),
        _src("""
            from functools import partial
            import jax
            import jax.numpy as jnp

            N_STEPS = 50

            @partial(jax.jit)
            def rollout(state, actions):
                def step(state, a):
                    return jnp.cos(state) + a, None
                state, _ = jax.lax.scan(step, state, actions[:N_STEPS])
                return state

            hlo = rollout.lower(jnp.zeros(3), jnp.ones((N_STEPS, 3))).as_text()
            """),
        symptom="hlo.count('stablehlo.cosine') >= 50",
        note="@partial(jax.jit) with no other arguments, range of a module constant, the "
             "index reads actions[i] (the thread compares this against scan and fori_loop)"),
    Case(
        "c301-reversed-range-over-links", "https://github.com/gbionics/jaxsim/issues/5",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            N_LINKS = 24

            def composite_inertia(inertias, parents_weight):
                acc = inertias
                for i in range(N_LINKS - 1, 0, -1):
                    acc = acc.at[i - 1].add(parents_weight * acc[i])
                return acc

            crba = jax.jit(composite_inertia)
            hlo = crba.lower(jnp.ones((N_LINKS, 3, 3)), 0.5).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            N_LINKS = 24

            def composite_inertia(inertias, parents_weight):
                def back(k, acc):
                    i = N_LINKS - 1 - k
                    return acc.at[i - 1].add(parents_weight * acc[i])
                return jax.lax.fori_loop(0, N_LINKS - 1, back, inertias)

            crba = jax.jit(composite_inertia)
            hlo = crba.lower(jnp.ones((N_LINKS, 3, 3)), 0.5).as_text()
            """),
        symptom="hlo.count('stablehlo.multiply') >= 20",
        note="jitted by assignment at module level, a backward range(N - 1, 0, -1) over "
             "links with .at[].add (the thread: a rigid-body algorithm in Python for loops)"),
    Case(
        "c301-nested-ranges-index-read", "https://github.com/jax-ml/jax/issues/4436",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import jit

            @jit
            def foo(a):
                total = 0.0
                for i in range(16):
                    for j in range(16):
                        total = total + a[i] * a[j]
                return total

            n_eqns = len(jax.make_jaxpr(foo.__wrapped__)(jnp.ones(16)).eqns)
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import jit

            @jit
            def foo(a):
                def outer(i, total):
                    def inner(j, total):
                        return total + a[i] * a[j]
                    return jax.lax.fori_loop(0, 16, inner, total)
                return jax.lax.fori_loop(0, 16, outer, 0.0)

            n_eqns = len(jax.make_jaxpr(foo.__wrapped__)(jnp.ones(16)).eqns)
            """),
        symptom="n_eqns >= 256",
        note="two nested range(16) loops under @jit, each trip reading a[i] and a[j] into a "
             "Python-float accumulator (the thread's nested range(128) loops of a[0])"),
    Case(
        "c301-training-epochs-under-jit",
        "https://ghc.moz.qzz.io/Parametric-Matrix-Models/pyPMM/pull/5",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            EPOCHS = 30

            def loss(w, x, y):
                return jnp.mean((x @ w - y) ** 2)

            @jax.jit
            def train(w, x, y):
                for epoch in range(EPOCHS):
                    g = jax.grad(loss)(w, x, y)
                    w = w - 0.05 * g
                return w

            hlo = train.lower(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            EPOCHS = 30

            def loss(w, x, y):
                return jnp.mean((x @ w - y) ** 2)

            @jax.jit
            def train(w, x, y):
                def epoch_step(epoch, w):
                    g = jax.grad(loss)(w, x, y)
                    return w - 0.05 * g
                return jax.lax.fori_loop(0, EPOCHS, epoch_step, w)

            hlo = train.lower(jnp.zeros(3), jnp.ones((8, 3)), jnp.ones(8)).as_text()
            """),
        symptom="hlo.count('stablehlo.dot_general') >= 30",
        note="a gradient-descent training loop over range(EPOCHS) inside @jax.jit (the "
             "thread: training compile times grown by Python for loops, rolled into scan)"),
    Case(
        "c301-generator-sum-default-terms", "https://github.com/jax-ml/jax/pull/4830",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def series(x, n_terms=30):
                return sum(jnp.sin(k * x) / (k + 1) for k in range(n_terms))

            hlo = series.lower(jnp.ones(4)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def series(x, n_terms=30):
                def term(k, acc):
                    return acc + jnp.sin(k * x) / (k + 1)
                return jax.lax.fori_loop(0, 30, term, jnp.zeros_like(x))

            hlo = series.lower(jnp.ones(4)).as_text()
            """),
        symptom="hlo.count('stablehlo.sine') >= 30",
        note="a generator expression summed over range of a parameter default (traced when "
             "passed, so the default is what every trace uses); the FAQ entry names Python "
             "for loops under jit as the usual cause of slow compiles"),

    Case(
        "c301-euler-steps-from-tuple-constants", "https://github.com/IanQS/numpy_to_jax",
        ("SCN301",),
        _src("""
            from functools import partial
            import jax
            import jax.numpy as jnp

            (T_END, N_STEPS) = (10.0, 40)

            def lotka_volterra(state, dt, a=1.0, b=0.1, c=1.5, d=0.075):
                for _ in range(N_STEPS):
                    prey, pred = state[0], state[1]
                    growth = jnp.array([a * prey - b * prey * pred, d * prey * pred - c * pred])
                    state = state + dt * growth
                return state

            simulate = jax.jit(partial(lotka_volterra, dt=T_END / N_STEPS))
            hlo = simulate.lower(jnp.array([10.0, 5.0])).as_text()
            """),
        _src("""
            from functools import partial
            import jax
            import jax.numpy as jnp

            (T_END, N_STEPS) = (10.0, 40)

            def lotka_volterra(state, dt, a=1.0, b=0.1, c=1.5, d=0.075):
                def euler(_, state):
                    prey, pred = state[0], state[1]
                    growth = jnp.array([a * prey - b * prey * pred, d * prey * pred - c * pred])
                    return state + dt * growth
                return jax.lax.fori_loop(0, N_STEPS, euler, state)

            simulate = jax.jit(partial(lotka_volterra, dt=T_END / N_STEPS))
            hlo = simulate.lower(jnp.array([10.0, 5.0])).as_text()
            """),
        symptom="hlo.count('stablehlo.multiply') >= 160",
        note="jitted at module level as jax.jit(partial(f, dt=...)), the trip count a "
             "constant unpacked from a tuple `(T_END, N_STEPS) = (10.0, 40)` (the lesson: "
             "do not jit functions with native Python for loops; the Lotka-Volterra case "
             "study)"),

    # -- no rule's documented scope ----------------------------------------------------------
    Case(
        "cnone-traced-fori-bounds-then-grad", "https://github.com/jax-ml/jax/issues/30245",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            def body_fn(step_i, x):
                return x * 0.99 + step_i

            def run_loop(x, n):
                return jax.lax.fori_loop(0, n, body_fn, x)

            run_loop_jit = jax.jit(run_loop)
            g = jax.grad(run_loop_jit)(1.0, 100)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def body_fn(step_i, x):
                return x * 0.99 + step_i

            def run_loop(x, n):
                return jax.lax.fori_loop(0, n, body_fn, x)

            run_loop_jit = jax.jit(run_loop, static_argnums=1)
            g = jax.grad(run_loop_jit)(1.0, 100)
            """),
        raises="Reverse-mode differentiation does not work for lax.while_loop",
        note="jitting the loop's function traces its trip count, so fori_loop becomes a "
             "while_loop (the thread: slower after jit); reverse-mode then fails"),
    Case(
        "cnone-called-step-passed-to-scan", "https://github.com/jax-ml/jax/pull/10262",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            def decay(c, x):
                return 0.9 * c + x, c

            def smooth(xs):
                return jax.lax.scan(decay(0.0, xs[0]), 0.0, xs)

            out = smooth(jnp.arange(4.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def decay(c, x):
                return 0.9 * c + x, c

            def smooth(xs):
                return jax.lax.scan(decay, 0.0, xs)

            out = smooth(jnp.arange(4.0))
            """),
        raises="f argument should be a callable",
        note="the step is called where it should be passed"),
    Case(
        "cnone-data-dependent-length-under-jit", "https://github.com/jax-ml/jax/pull/27583",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def count_up(mask):
                n = jnp.sum(mask).astype(int)
                total, _ = jax.lax.scan(lambda c, _: (c + 1.0, None), 0.0, None, length=n)
                return total

            out = count_up(jnp.array([1, 0, 1]))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def count_up(mask):
                n = jnp.sum(mask).astype(int)
                return jax.lax.fori_loop(0, n, lambda i, c: c + 1.0, 0.0)

            out = count_up(jnp.array([1, 0, 1]))
            """),
        raises="The `length` argument to `scan` expects a concrete `int` value",
        note="scan's length computed from traced data; the PR's message points to "
             "fori_loop/while_loop, which the look-alike uses"),
    Case(
        "cnone-fori-bound-overflows-int32", "https://github.com/jax-ml/jax/issues/1218",
        ("none",),
        _src("""
            from jax import lax

            def body_fn(i, val):
                return val + 1

            num_iter = 100_000_000_000_000
            actual_iter = lax.fori_loop(0, num_iter, body_fn, 0)
            """),
        _src("""
            from jax import lax

            def body_fn(i, val):
                return val + 1

            num_iter = 100_000
            actual_iter = lax.fori_loop(0, num_iter, body_fn, 0)
            """),
        raises="overflow",
        note="a loop bound past int32 (the thread: silently fewer trips; jax 0.10.2 raises)"),
    Case(
        "cnone-index-scan-over-empty-array", "https://github.com/jax-ml/jax/issues/20399",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            def mark(carry, j):
                return carry.at[j].set(j), None

            def mark_all(values):
                carry, _ = jax.lax.scan(mark, values, jnp.arange(values.shape[0]))
                return carry

            out = mark_all(jnp.array([]))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def mark(carry, j):
                return carry.at[j].set(j), None

            def mark_all(values):
                if values.shape[0] == 0:
                    return values
                carry, _ = jax.lax.scan(mark, values, jnp.arange(values.shape[0]))
                return carry

            out = mark_all(jnp.array([]))
            """),
        raises="out of bounds",
        note="a zero-length scan still traces its body, whose indexing fails on the empty "
             "carry"),
    Case(
        "cnone-map-over-tuple-of-namedtuples", "https://github.com/jax-ml/jax/issues/1745",
        ("none",),
        _src("""
            import collections
            import jax
            import jax.numpy as jnp

            Point = collections.namedtuple("Point", ["a", "b"])

            def norms(points):
                return jax.lax.map(lambda p: jnp.sqrt(p.a ** 2 + p.b ** 2), points)

            out = norms((Point(3.0, 4.0), Point(6.0, 8.0)))
            """),
        _src("""
            import collections
            import jax
            import jax.numpy as jnp

            Point = collections.namedtuple("Point", ["a", "b"])

            def norms(points):
                return jax.lax.map(lambda p: jnp.sqrt(p.a ** 2 + p.b ** 2), points)

            out = norms(Point(jnp.array([3.0, 6.0]), jnp.array([4.0, 8.0])))
            """),
        raises="leading axis",
        note="lax.map over a tuple of records of Python floats instead of a record of "
             "arrays"),
    Case(
        "cnone-loop-over-identical-layers-under-jit",
        "https://github.com/patrick-kidger/equinox/issues/246",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            layers = [(jnp.eye(8) * 0.5, jnp.ones(8) * k) for k in range(24)]

            @jax.jit
            def mlp(layers, x):
                for w, b in layers:
                    x = jnp.tanh(w @ x + b)
                return x

            hlo = mlp.lower(layers, jnp.ones(8)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            layers = [(jnp.eye(8) * 0.5, jnp.ones(8) * k) for k in range(24)]
            stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *layers)

            @jax.jit
            def mlp(stacked, x):
                def layer(x, wb):
                    w, b = wb
                    return jnp.tanh(w @ x + b), None
                x, _ = jax.lax.scan(layer, x, stacked)
                return x

            hlo = mlp.lower(stacked, jnp.ones(8)).as_text()
            """),
        symptom="hlo.count('stablehlo.tanh') >= 24",
        note="a loop over a list of identically shaped layers under jit, compiled once per "
             "layer; SCN301 leaves loops over lists alone by design"),
    Case(
        "cnone-range-loop-under-jit-of-grad", "https://github.com/jax-ml/jax/issues/1399",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            NUM_ARG = 40
            var = jnp.linspace(0.0, 1.0, 16)

            def func(arg):
                numerator = 0.0
                divider = 0.0
                for i in range(NUM_ARG):
                    temp = arg[i] * var
                    s = jnp.sin(temp) + jnp.cos(temp)
                    divider = divider + jnp.sum(s ** 2)
                    numerator = numerator + jnp.sum(s) ** 2
                return jnp.log(numerator / jnp.sqrt(divider))

            res = jax.jit(jax.grad(func))
            hlo = res.lower(jnp.ones(NUM_ARG)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            NUM_ARG = 40
            var = jnp.linspace(0.0, 1.0, 16)

            def func(arg):
                def term(i, acc):
                    numerator, divider = acc
                    temp = arg[i] * var
                    s = jnp.sin(temp) + jnp.cos(temp)
                    return numerator + jnp.sum(s) ** 2, divider + jnp.sum(s ** 2)
                numerator, divider = jax.lax.fori_loop(0, NUM_ARG, term, (0.0, 0.0))
                return jnp.log(numerator / jnp.sqrt(divider))

            res = jax.jit(jax.grad(func))
            hlo = res.lower(jnp.ones(NUM_ARG)).as_text()
            """),
        symptom="hlo.count('stablehlo.sine') >= 40",
        note="range of a module constant in a function jitted as jax.jit(jax.grad(func)); "
             "`jit` of a `grad` is not among SCN301's documented ways of running under jit"),
]
