"""A second holdout set for scanlint's recall, built blind: scan-family mistakes reported in
public threads and Q&A pages that neither benchmarks/recall_cases.py nor
benchmarks/recall_holdout_cases.py uses (only their addresses were compared), each written anew
by someone who had read docs/rules.md but none of the rules' code, with its corrected look-alike.

The same `Case` as benchmarks/recall_cases.py. `codes` names the rule whose documented scope
(docs/rules.md) the mistake falls in; ("none",) when no rule's documented scope claims it, even
when a rule covers a close cousin (a Python loop unrolled under `jit` whose trip count comes from
an array's shape, or a loop over an array's rows, is outside SCN301's documented `range` with a
count fixed by the source). `visible` is False when the documented scope cannot see the mistake
in the file's source (it depends on what a value is at run time), and such a case does not count
for recall. `note` says which variant of writing the case represents.

Every reproduction fails under JAX 0.10.2 with `raises` in its error, or runs and makes
`symptom` true; every look-alike runs with `symptom` false. SCN301's symptom is program size: the
jitted function's lowered (StableHLO) text or its traced jaxpr holds one copy of the body per
trip, where the rolled look-alike holds one.

    python benchmarks/recall.py --cases holdout2          # the per-rule table and the misses
    python benchmarks/recall.py --cases holdout2 --jax    # also check every case under JAX

Sources that are not GitHub threads are Q&A and tutorial pages found with the `pages` search
(their addresses as stored); where a thread's mistake was made under `jit` rather than in a loop
body, the note says so and the reproduction puts the same mistake in a loop body.
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
BOOL = "Attempted boolean conversion of traced array"


def _src(text: str) -> str:
    return dedent(text).lstrip("\n")


CASES = [
    # -- SCN201: the carry's pytree structure changes ----------------------------------------
    Case(
        "b201-namedtuple-none-field-gets-value", "https://github.com/google/jaxopt/issues/258",
        ("SCN201",),
        _src("""
            from typing import NamedTuple
            import jax
            import jax.numpy as jnp

            class SolverState(NamedTuple):
                params: jax.Array
                aux: object

            def init_state(params):
                return SolverState(params=params, aux=None)

            def update(state, _):
                loss = jnp.sum(state.params ** 2)
                params = state.params - 0.2 * state.params
                return state._replace(params=params, aux=loss), loss

            state0 = init_state(jnp.ones(3))
            final, losses = jax.lax.scan(update, state0, None, length=4)
            """),
        _src("""
            from typing import NamedTuple
            import jax
            import jax.numpy as jnp

            class SolverState(NamedTuple):
                params: jax.Array
                aux: object

            def init_state(params):
                return SolverState(params=params, aux=jnp.zeros(()))

            def update(state, _):
                loss = jnp.sum(state.params ** 2)
                params = state.params - 0.2 * state.params
                return state._replace(params=params, aux=loss), loss

            state0 = init_state(jnp.ones(3))
            final, losses = jax.lax.scan(update, state0, None, length=4)
            """),
        raises=PYTREE,
        note="NamedTuple state built by a helper with a None field; the body fills it via "
             "_replace"),
    Case(
        "b201-fori-dict-key-renamed", "https://github.com/jax-ml/jax/issues/25507",
        ("SCN201",),
        _src("""
            import jax
            import jax.numpy as jnp

            def relax(loop_i, state):
                return {'T': state['t'] * 0.5}

            init_val = {'t': jnp.array([1.0])}
            out = jax.lax.fori_loop(0, 3, relax, init_val)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def relax(loop_i, state):
                return {'t': state['t'] * 0.5}

            init_val = {'t': jnp.array([1.0])}
            out = jax.lax.fori_loop(0, 3, relax, init_val)
            """),
        raises=PYTREE,
        note="fori_loop over a dict carry; the body returns the key in another case ('T' for "
             "'t')"),
    Case(
        "b201-cached-attribute-in-pytree", "https://github.com/pyro-ppl/numpyro/issues/1928",
        ("SCN201",),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import tree_util

            @tree_util.register_pytree_node_class
            class Gaussian:
                def __init__(self, prec, cov=None):
                    self.prec = prec
                    self._cov = cov

                @property
                def cov(self):
                    if self._cov is None:
                        self._cov = jnp.linalg.inv(self.prec)
                    return self._cov

                def tree_flatten(self):
                    return (self.prec, self._cov), None

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(*children)

            def make():
                return Gaussian(2.0 * jnp.eye(2))

            init = make()
            print(init.cov)
            out = jax.lax.scan(lambda d, _: (make(), None), init, jnp.arange(3))
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import tree_util

            @tree_util.register_pytree_node_class
            class Gaussian:
                def __init__(self, prec, cov=None):
                    self.prec = prec
                    self._cov = cov

                @property
                def cov(self):
                    if self._cov is None:
                        self._cov = jnp.linalg.inv(self.prec)
                    return self._cov

                def tree_flatten(self):
                    return (self.prec, self._cov), None

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(*children)

            def make():
                return Gaussian(2.0 * jnp.eye(2))

            init = make()
            print(make().cov)
            out = jax.lax.scan(lambda d, _: (make(), None), init, jnp.arange(3))
            """),
        raises=PYTREE, visible=False,
        note="custom pytree class whose flattening depends on a lazily cached attribute read "
             "before the scan; the lambda body rebuilds the object from scratch"),

    # -- SCN202: scan with nothing to scan over and no length --------------------------------
    Case(
        "b202-keyword-xs-none-no-length", "https://github.com/jax-ml/jax/pull/1677",
        ("SCN202",),
        _src("""
            import jax.numpy as jnp
            from jax.lax import scan

            def embed_steps(h0, w):
                def cell(h, _):
                    h = jnp.tanh(w @ h)
                    return h, h
                return scan(cell, h0, xs=None)

            final, hs = embed_steps(jnp.ones(3), 0.5 * jnp.eye(3))
            """),
        _src("""
            import jax.numpy as jnp
            from jax.lax import scan

            def embed_steps(h0, w):
                def cell(h, _):
                    h = jnp.tanh(w @ h)
                    return h, h
                return scan(cell, h0, xs=None, length=4)

            final, hs = embed_steps(jnp.ones(3), 0.5 * jnp.eye(3))
            """),
        raises=NO_LENGTH,
        note="`from jax.lax import scan`, nested def, xs=None given by keyword, length "
             "forgotten"),
    Case(
        "b202-xs-omitted-in-method", "https://github.com/jax-ml/jax/pull/20901",
        ("SCN202",),
        _src("""
            import jax
            import jax.numpy as jnp

            class Decay:
                def __init__(self, rate, n_steps):
                    self.rate = rate
                    self.n_steps = n_steps

                def step(self, x, _):
                    x = x * self.rate
                    return x, x

                def run(self, x0):
                    return jax.lax.scan(self.step, x0)

            final, path = Decay(0.9, 5).run(jnp.float32(1.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            class Decay:
                def __init__(self, rate, n_steps):
                    self.rate = rate
                    self.n_steps = n_steps

                def step(self, x, _):
                    x = x * self.rate
                    return x, x

                def run(self, x0):
                    return jax.lax.scan(self.step, x0, length=self.n_steps)

            final, path = Decay(0.9, 5).run(jnp.float32(1.0))
            """),
        raises=NO_LENGTH,
        note="a bound method as the body, xs omitted (the default None since this PR), the "
             "step count kept on self but not passed"),

    # -- SCN204: Python side effects in a loop body ------------------------------------------
    Case(
        "b204-method-splits-self-key", "https://github.com/jax-ml/jax/issues/6335",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            class Walker:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def _step(self, x, _):
                    self.key, sub = jax.random.split(self.key)
                    noise = jax.random.normal(sub)
                    return x + noise, noise

                def run(self, n):
                    _, noise = jax.lax.scan(self._step, 0.0, None, length=n)
                    return noise

            noise = Walker(0).run(5)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            class Walker:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def _step(self, carry, _):
                    x, key = carry
                    key, sub = jax.random.split(key)
                    noise = jax.random.normal(sub)
                    return (x + noise, key), noise

                def run(self, n):
                    _, noise = jax.lax.scan(self._step, (0.0, self.key), None, length=n)
                    return noise

            noise = Walker(0).run(5)
            """),
        symptom="bool(jnp.all(noise == noise[0]))",
        note="a method body assigns an attribute of self (the PRNG key): every step draws the "
             "same noise"),
    Case(
        "b204-next-on-minibatch-generator", "https://github.com/probml/dynamax/issues/130",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            def minibatches(x, size):
                for i in range(0, x.shape[0], size):
                    yield x[i:i + size]

            def run_sgd(params, data, size=2):
                batches = minibatches(data, size)

                def train_step(p, _):
                    batch = next(batches)
                    p = p - 0.1 * (p - batch.mean())
                    return p, batch.mean()

                _, seen = jax.lax.scan(train_step, params, None, length=3)
                return seen

            seen = run_sgd(jnp.float32(0.0), jnp.arange(12.0).reshape(6, 2))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def run_sgd(params, data, size=2):
                batches = data.reshape(-1, size, data.shape[1])

                def train_step(p, batch):
                    p = p - 0.1 * (p - batch.mean())
                    return p, batch.mean()

                _, seen = jax.lax.scan(train_step, params, batches)
                return seen

            seen = run_sgd(jnp.float32(0.0), jnp.arange(12.0).reshape(6, 2))
            """),
        symptom="bool(jnp.all(seen == seen[0]))",
        note="next() on a generator made outside the body: every step trains on the first "
             "minibatch"),
    Case(
        "b204-while-body-appends-to-list",
        "https://github.com/google/flax/issues/1571",
        ("SCN204",),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            visited = []

            def halve_until_small(x0):
                def keep_going(state):
                    i, x = state
                    return x > 0.1

                def halve(state):
                    i, x = state
                    visited.append(x)
                    return i + 1, x / 2

                return lax.while_loop(keep_going, halve, (0, x0))

            n, last = halve_until_small(jnp.float32(1.0))
            """),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def halve_until_small(x0):
                def keep_going(state):
                    i, x, buf = state
                    return x > 0.1

                def halve(state):
                    i, x, buf = state
                    buf = buf.at[i].set(x)
                    return i + 1, x / 2, buf

                return lax.while_loop(keep_going, halve, (0, x0, jnp.zeros(16)))

            n, last, buf = halve_until_small(jnp.float32(1.0))
            visited = list(buf[:int(n)])
            """),
        symptom="len(visited) != int(n)",
        note="while_loop body appends to a module-level list to collect every iterate; the "
             "list gets one tracer"),
    Case(
        "b204-global-counter-in-fori-body", "https://github.com/jax-ml/jax/issues/1348",
        ("SCN204",),
        _src("""
            import jax

            calls = 0

            def accumulate(i, total):
                global calls
                calls = calls + 1
                return total + i

            out = jax.lax.fori_loop(0, 6, accumulate, 0)
            """),
        _src("""
            import jax

            def accumulate(i, carry):
                total, n = carry
                return total + i, n + 1

            out, n = jax.lax.fori_loop(0, 6, accumulate, (0, 0))
            calls = int(n)
            """),
        symptom="calls != 6",
        note="thread: a `global` counter bumped inside a jitted function; here the same "
             "`global` counter in a fori_loop body (module-level def)"),
    Case(
        "b204-global-prng-key-in-fori-body", "https://github.com/jax-ml/jax/issues/5206",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            key = jax.random.PRNGKey(0)

            def noisy_step(i, x):
                global key
                key, sub = jax.random.split(key)
                return x + jax.random.uniform(sub)

            out = jax.lax.fori_loop(0, 4, noisy_step, 0.0)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            key = jax.random.PRNGKey(0)

            def noisy_step(i, carry):
                x, k = carry
                k, sub = jax.random.split(k)
                return x + jax.random.uniform(sub), k

            out, key = jax.lax.fori_loop(0, 4, noisy_step, (0.0, key))
            """),
        symptom="type(key).__name__.endswith('Tracer')",
        note="thread: a global PRNG key split under jit; here a fori_loop body rebinds the "
             "`global` key, which is left holding a leaked tracer"),
    Case(
        "b204-closure-stores-into-captured-list", "https://github.com/jax-ml/jax/issues/12773",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            def make_counter(total):
                def increment(c, x):
                    total[0] += x
                    return c + x, total[0]
                return increment

            running = [0.0]
            step = make_counter(running)
            final, ys = jax.lax.scan(step, 0.0, jnp.arange(1.0, 5.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def make_counter():
                def increment(c, x):
                    c = c + x
                    return c, c
                return increment

            step = make_counter()
            final, ys = jax.lax.scan(step, 0.0, jnp.arange(1.0, 5.0))
            """),
        symptom="not bool(jnp.allclose(ys, jnp.cumsum(jnp.arange(1.0, 5.0))))",
        note="thread: a jitted closure does `tot[0] += x`; here a body made by a factory "
             "stores into a list it captured, expecting a running total"),
    Case(
        "b204-print-in-scan-body", "https://github.com/jax-ml/jax/issues/196",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            def sgd_epochs(w, grads):
                def update(w, g):
                    w = w - 0.1 * g
                    print("params", w)
                    return w, w
                return jax.lax.scan(update, w, grads)

            w, hist = sgd_epochs(jnp.zeros(2), jnp.ones((3, 2)))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def sgd_epochs(w, grads):
                def update(w, g):
                    w = w - 0.1 * g
                    return w, w
                return jax.lax.scan(update, w, grads)

            w, hist = sgd_epochs(jnp.zeros(2), jnp.ones((3, 2)))
            print("params", hist)
            """),
        symptom="'Tracer' in printed",
        note="thread: print under jit shows tracers; here print of the carry in a scan body, "
             "which runs once and prints a tracer"),
    Case(
        "b204-lax-map-body-stores-outer-list", "https://github.com/jax-ml/jax/issues/17415",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp

            def double_all(values):
                out = [None]

                def body(x):
                    out[0] = x * 2
                    return x

                jax.lax.map(body, values)
                return out

            out = double_all(jnp.array([1, 2]))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def double_all(values):
                def body(x):
                    return x * 2

                return [jax.lax.map(body, values)]

            out = double_all(jnp.array([1, 2]))
            """),
        symptom="type(out[0]).__name__.endswith('Tracer')",
        note="thread: a vmapped function writes `l[0] = ...` expecting pass-by-reference; here "
             "a lax.map body stores into a list of the enclosing function"),

    # -- SCN205: loop variable read late by a body defined in a loop -------------------------
    Case(
        "b205-lambdas-appended-in-loop",
        "https://kiwix.lema.org/stackoverflow.com_en_all_2023-11/questions/19622805/"
        "lexical-scope-in-python-vs-ml",
        ("SCN205",),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.arange(1.0, 4.0)
            adders = []
            for k in range(3):
                adders.append(lambda c, x: (c + k * x, c))
            totals = [jax.lax.scan(f, 0.0, xs)[0] for f in adders]
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.arange(1.0, 4.0)
            adders = []
            for k in range(3):
                adders.append(lambda c, x, k=k: (c + k * x, c))
            totals = [jax.lax.scan(f, 0.0, xs)[0] for f in adders]
            """),
        symptom="len({float(t) for t in totals}) == 1",
        note="Stack Overflow 19622805's `adders.append(lambda y: x + y)` as scan bodies built at "
             "module level and scanned after the loop"),
    Case(
        "b205-list-comprehension-of-bodies",
        "https://gaohongnan.com/software_engineering/python/late_binding_closures.html",
        ("SCN205",),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def geometric_paths(x0, n):
                steps = [lambda c, _: (c * i, c) for i in range(1, 4)]
                return [lax.scan(step, x0, None, length=n)[0] for step in steps]

            ends = geometric_paths(jnp.float32(1.0), 3)
            """),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def geometric_paths(x0, n):
                steps = [lambda c, _, i=i: (c * i, c) for i in range(1, 4)]
                return [lax.scan(step, x0, None, length=n)[0] for step in steps]

            ends = geometric_paths(jnp.float32(1.0), 3)
            """),
        symptom="len({float(e) for e in ends}) == 1",
        note="a list comprehension of lambdas inside a function, scanned afterwards"),
    Case(
        "b205-defs-stored-in-dict-by-name",
        "https://smileboywtu.github.io/articles/2016/04/06/late-binding-closure.html",
        ("SCN205",),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def build(rates):
                bodies = {}
                for name, r in rates.items():
                    def decay(c, _):
                        return c * r, c
                    bodies[name] = decay
                return bodies

            bodies = build({"slow": 0.9, "fast": 0.5})
            ends = {name: lax.scan(f, 1.0, None, length=3)[0] for name, f in bodies.items()}
            """),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def build(rates):
                bodies = {}
                for name, r in rates.items():
                    def decay(c, _, r=r):
                        return c * r, c
                    bodies[name] = decay
                return bodies

            bodies = build({"slow": 0.9, "fast": 0.5})
            ends = {name: lax.scan(f, 1.0, None, length=3)[0] for name, f in bodies.items()}
            """),
        symptom="abs(float(ends['slow']) - float(ends['fast'])) < 1e-6",
        note="a def inside a loop over dict items, stored in a dict by name, scanned by the "
             "caller through .items()"),
    Case(
        "b205-preallocated-list-subscript-store",
        "https://sqlpey.com/python/fixing-python-lambda-late-binding-in-loops",
        ("SCN205",),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.ones(4)
            bodies = [None] * 3
            for i in range(3):
                bodies[i] = lambda c, x: (c + i * x, c)
            first_total, _ = jax.lax.scan(bodies[0], 0.0, xs)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            xs = jnp.ones(4)
            bodies = [None] * 3
            for i in range(3):
                bodies[i] = lambda c, x, i=i: (c + i * x, c)
            first_total, _ = jax.lax.scan(bodies[0], 0.0, xs)
            """),
        symptom="float(first_total) != 0.0",
        note="lambdas stored by subscript into a preallocated list, one taken by index after "
             "the loop"),

    # -- SCN206: a carry counter used only to index arrays -----------------------------------
    Case(
        "b206-counter-indexes-short-array", "https://github.com/patrick-kidger/equinox/issues/1142",
        ("SCN206",),
        _src("""
            import jax
            import jax.numpy as jnp

            def f(arr):
                def step(carry, _):
                    state = carry
                    value = arr[state]
                    state += 1
                    return state, value

                init_state = 0
                _, values = jax.lax.scan(step, init_state, None, length=3)
                return values

            values = f(jnp.array([[7.0, 13.0]]))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def f(arr):
                def step(carry, row):
                    return carry, row

                _, values = jax.lax.scan(step, None, arr)
                return values

            values = f(jnp.array([[7.0, 13.0]]))
            """),
        symptom="values.shape[0] == 3 and bool(jnp.all(values == values[0]))",
        note="a bare int carry (init bound to a name, `state += 1`) indexes a captured array "
             "shorter than the loop: the index clamps and the last row repeats"),
    Case(
        "b206-counter-with-reverse-scan", "https://github.com/genjax-community/genjax/issues/1254",
        ("SCN206",),
        _src("""
            import jax
            import jax.numpy as jnp

            def discounted(rewards, weights):
                def back(carry, r):
                    acc, t = carry
                    acc = r + 0.9 * acc * weights[t]
                    return (acc, t + 1), acc

                _, out = jax.lax.scan(back, (0.0, 0), rewards, reverse=True)
                return out

            def reference(rewards, weights):
                def back(acc, rw):
                    r, w = rw
                    acc = r + 0.9 * acc * w
                    return acc, acc

                _, out = jax.lax.scan(back, 0.0, (rewards, weights), reverse=True)
                return out

            rewards = jnp.array([1.0, 2.0, 3.0, 4.0])
            weights = jnp.array([1.0, 0.0, 1.0, 0.0])
            out = discounted(rewards, weights)
            ref = reference(rewards, weights)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def discounted(rewards, weights):
                def back(acc, rw):
                    r, w = rw
                    acc = r + 0.9 * acc * w
                    return acc, acc

                _, out = jax.lax.scan(back, 0.0, (rewards, weights), reverse=True)
                return out

            def reference(rewards, weights):
                def back(acc, rw):
                    r, w = rw
                    acc = r + 0.9 * acc * w
                    return acc, acc

                _, out = jax.lax.scan(back, 0.0, (rewards, weights), reverse=True)
                return out

            rewards = jnp.array([1.0, 2.0, 3.0, 4.0])
            weights = jnp.array([1.0, 0.0, 1.0, 0.0])
            out = discounted(rewards, weights)
            ref = reference(rewards, weights)
            """),
        symptom="not bool(jnp.allclose(out, ref))",
        note="a counter in a tuple carry beside xs, with reverse=True: it counts up while xs is "
             "read backwards, so weights[t] pairs with the wrong step"),

    # -- SCN207: a module-level array built at import, read by a body ------------------------
    Case(
        "b207-module-table-goes-stale", "https://github.com/jax-ml/jax/issues/10585",
        ("SCN207",),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import lax

            TABLE = jnp.linspace(0.0, 1.0, 2048)

            @jax.jit
            def lookup_sum(idx):
                def body(acc, i):
                    return acc + TABLE[i], None
                total, _ = lax.scan(body, 0.0, idx)
                return total

            idx = jnp.array([0, 2047])
            before = lookup_sum(idx)
            TABLE = TABLE * 10.0
            after = lookup_sum(idx)
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax import lax

            TABLE = jnp.linspace(0.0, 1.0, 2048)

            @jax.jit
            def lookup_sum(table, idx):
                def body(acc, i):
                    return acc + table[i], None
                total, _ = lax.scan(body, 0.0, idx)
                return total

            idx = jnp.array([0, 2047])
            before = lookup_sum(TABLE, idx)
            TABLE = TABLE * 10.0
            after = lookup_sum(TABLE, idx)
            """),
        symptom="float(after) == float(before)",
        note="a nested body in a jitted function reads a module-level jnp.linspace table; the "
             "table is reassigned and the compiled function keeps the old one"),
    Case(
        "b207-teacher-weights-closed-over", "https://github.com/jax-ml/jax/pull/36305",
        ("SCN207",),
        _src("""
            import jax
            import jax.numpy as jnp

            TEACHER_W = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

            def distill_step(student, batch):
                target = jnp.tanh(batch @ TEACHER_W)
                pred = jnp.tanh(batch @ student)
                loss = jnp.mean((pred - target) ** 2)
                return student - 0.01 * loss, loss

            def distill(student, batches):
                return jax.lax.scan(distill_step, student, batches)

            student = jnp.zeros((64, 64))
            batches = jnp.ones((3, 2, 64))
            consts = jax.make_jaxpr(distill)(student, batches).consts
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            TEACHER_W = jax.random.normal(jax.random.PRNGKey(0), (64, 64))

            def distill(teacher_w, student, batches):
                def distill_step(student, batch):
                    target = jnp.tanh(batch @ teacher_w)
                    pred = jnp.tanh(batch @ student)
                    loss = jnp.mean((pred - target) ** 2)
                    return student - 0.01 * loss, loss
                return jax.lax.scan(distill_step, student, batches)

            student = jnp.zeros((64, 64))
            batches = jnp.ones((3, 2, 64))
            consts = jax.make_jaxpr(distill)(TEACHER_W, student, batches).consts
            """),
        symptom="any(getattr(c, 'shape', None) == (64, 64) for c in consts)",
        note="module-level body reads module-level jax.random.normal weights (a teacher model "
             "in distillation): they are captured into the traced program"),
    Case(
        "b207-numpy-potentials-via-helper", "https://github.com/ryan112358/mbi/pull/179",
        ("SCN207",),
        _src("""
            import numpy as np
            import jax
            import jax.numpy as jnp

            POTENTIALS = np.random.default_rng(0).normal(size=(48, 48))

            def message(v):
                return jnp.tanh(POTENTIALS @ v)

            def propagate(v0, n):
                return jax.lax.fori_loop(0, n, lambda i, v: message(v), v0)

            consts = jax.make_jaxpr(lambda v: propagate(v, 5))(jnp.ones(48)).consts
            """),
        _src("""
            import numpy as np
            import jax
            import jax.numpy as jnp

            POTENTIALS = np.random.default_rng(0).normal(size=(48, 48))

            def message(potentials, v):
                return jnp.tanh(potentials @ v)

            def propagate(potentials, v0, n):
                return jax.lax.fori_loop(0, n, lambda i, v: message(potentials, v), v0)

            consts = jax.make_jaxpr(lambda p, v: propagate(p, v, 5))(
                jnp.asarray(POTENTIALS), jnp.ones(48)).consts
            """),
        symptom="any(getattr(c, 'shape', None) == (48, 48) for c in consts)",
        note="a fori_loop lambda body calls a module-level helper that reads a module-level "
             "NumPy array (np.random ... .normal)"),
    Case(
        "b207-partial-binds-module-basis", "https://github.com/jax-ml/jax/issues/10615",
        ("SCN207",),
        _src("""
            from functools import partial
            import numpy as np
            import jax
            import jax.numpy as jnp

            BASIS = jnp.asarray(np.linspace(-1.0, 1.0, 32 * 40).reshape(32, 40))

            def apply_basis(x, basis):
                return basis.T @ (basis @ x) * 1e-3

            project = partial(apply_basis, basis=BASIS)

            def smooth(x, n):
                def body(c, _):
                    c = project(c)
                    return c, c.sum()
                return jax.lax.scan(body, x, None, length=n)

            consts = jax.make_jaxpr(lambda x: smooth(x, 4))(jnp.ones(40)).consts
            """),
        _src("""
            from functools import partial
            import numpy as np
            import jax
            import jax.numpy as jnp

            BASIS = jnp.asarray(np.linspace(-1.0, 1.0, 32 * 40).reshape(32, 40))

            def apply_basis(x, basis):
                return basis.T @ (basis @ x) * 1e-3

            def smooth(basis, x, n):
                project = partial(apply_basis, basis=basis)
                def body(c, _):
                    c = project(c)
                    return c, c.sum()
                return jax.lax.scan(body, x, None, length=n)

            consts = jax.make_jaxpr(lambda b, x: smooth(b, x, 4))(BASIS, jnp.ones(40)).consts
            """),
        symptom="any(getattr(c, 'shape', None) == (32, 40) for c in consts)",
        note="a module-level functools.partial binds a module-level array (np.linspace "
             "reshaped, wrapped in jnp.asarray); the body calls the partial"),

    # -- SCN208: the carry's dtype or shape changes ------------------------------------------
    Case(
        "b208-while-carry-real-becomes-complex", "https://github.com/jax-ml/jax/issues/3112",
        ("SCN208",),
        _src("""
            import jax
            import jax.numpy as jnp

            def power_iteration(mat, v0, iters=5):
                def cond(state):
                    i, v, lam = state
                    return i < iters

                def body(state):
                    i, v, lam = state
                    w = mat @ v
                    lam = jnp.vdot(v, w)
                    return i + 1, w / jnp.linalg.norm(w), lam

                init = (0, v0, jnp.zeros((), jnp.float32))
                return jax.lax.while_loop(cond, body, init)

            m = jnp.array([[2.0, 1j], [-1j, 3.0]], dtype=jnp.complex64)
            out = power_iteration(m, jnp.ones(2, jnp.complex64))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def power_iteration(mat, v0, iters=5):
                def cond(state):
                    i, v, lam = state
                    return i < iters

                def body(state):
                    i, v, lam = state
                    w = mat @ v
                    lam = jnp.vdot(v, w)
                    return i + 1, w / jnp.linalg.norm(w), lam

                init = (0, v0, jnp.zeros((), jnp.complex64))
                return jax.lax.while_loop(cond, body, init)

            m = jnp.array([[2.0, 1j], [-1j, 3.0]], dtype=jnp.complex64)
            out = power_iteration(m, jnp.ones(2, jnp.complex64))
            """),
        raises=TYPES,
        note="while_loop with a tuple init bound to a name; a float32 eigenvalue slot comes "
             "back complex64"),
    Case(
        "b208-while-carry-grown-by-append", "https://github.com/google/flax/issues/1571",
        ("SCN208",),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def collect_until(limit):
                def cond(state):
                    x, hist = state
                    return x < limit

                def body(state):
                    x, hist = state
                    return x + 1.0, jnp.append(hist, x)

                return lax.while_loop(cond, body, (0.0, jnp.zeros(0)))

            out = collect_until(3.0)
            """),
        _src("""
            import jax.numpy as jnp
            from jax import lax

            def collect_until(limit):
                def cond(state):
                    i, x, hist = state
                    return x < limit

                def body(state):
                    i, x, hist = state
                    return i + 1, x + 1.0, hist.at[i].set(x)

                return lax.while_loop(cond, body, (0, 0.0, jnp.zeros(8)))

            out = collect_until(3.0)
            """),
        raises=TYPES,
        note="a while_loop history grown with jnp.append from an empty array (the thread: "
             "`array.append(...)` in a while loop has no static size)"),

    # -- SCN301: Python loops unrolled under jit ---------------------------------------------
    Case(
        "b301-echo-state-network-loop", "https://github.com/jax-ml/jax/issues/402",
        ("SCN301",),
        _src("""
            import jax.numpy as jnp
            from jax import jit

            T = 60

            @jit
            def run_esn(h, inputs, W):
                for t in range(T):
                    h = jnp.tanh(W @ h + inputs[t])
                return h

            h0, inputs, W = jnp.zeros(4), jnp.ones((T, 4)), 0.1 * jnp.eye(4)
            hlo = run_esn.lower(h0, inputs, W).as_text()
            """),
        _src("""
            import jax.numpy as jnp
            from jax import jit, lax

            T = 60

            @jit
            def run_esn(h, inputs, W):
                def cell(h, u):
                    h = jnp.tanh(W @ h + u)
                    return h, None
                h, _ = lax.scan(cell, h, inputs)
                return h

            h0, inputs, W = jnp.zeros(4), jnp.ones((T, 4)), 0.1 * jnp.eye(4)
            hlo = run_esn.lower(h0, inputs, W).as_text()
            """),
        symptom="hlo.count('stablehlo.tanh') >= 60",
        note="`from jax import jit`, @jit, range of a module-level constant T = 60, the index "
             "reads inputs[t]"),
    Case(
        "b301-index-update-loop-jitted-by-assignment", "https://github.com/jax-ml/jax/issues/1832",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as np

            def func_jax(x):
                out = np.zeros_like(x)
                for i in range(1, 50):
                    out = out.at[i].set(out[i - 1] + x[i])
                return out.sum()

            func_jax_jit = jax.jit(func_jax)
            n_eqns = len(jax.make_jaxpr(func_jax)(np.ones(50)).jaxpr.eqns)
            """),
        _src("""
            import jax
            import jax.numpy as np

            def func_jax(x):
                out = np.zeros_like(x)
                def body(i, out):
                    return out.at[i].set(out[i - 1] + x[i])
                out = jax.lax.fori_loop(1, 50, body, out)
                return out.sum()

            func_jax_jit = jax.jit(func_jax)
            n_eqns = len(jax.make_jaxpr(func_jax)(np.ones(50)).jaxpr.eqns)
            """),
        symptom="n_eqns >= 49",
        note="`import jax.numpy as np`, jitted by module-level assignment, range(1, 50) with "
             ".at[i].set writes"),
    Case(
        "b301-outer-python-loop-around-scan",
        "https://pytroubles.com/en/posts/id2384-jax-performance-choosing-python-for-loop-vs-"
        "jax-lax-scan-jit-trade-offs-and-unroll-tuning",
        ("SCN301",),
        _src("""
            import jax

            NUM_ALGO_ITERS = 25
            INNER_SCAN_LEN = 2

            def rollout_step(c, _):
                return c * 0.5 + 1.0, None

            @jax.jit
            def execute(init_carry):
                for c in range(NUM_ALGO_ITERS):
                    init_carry, _ = jax.lax.scan(rollout_step, init_carry, xs=None,
                                                 length=INNER_SCAN_LEN)
                return init_carry

            jaxpr = jax.make_jaxpr(execute.__wrapped__)(1.0)
            """),
        _src("""
            import jax

            NUM_ALGO_ITERS = 25
            INNER_SCAN_LEN = 2

            def rollout_step(c, _):
                return c * 0.5 + 1.0, None

            @jax.jit
            def execute(init_carry):
                def algo_iter(c, carry):
                    carry, _ = jax.lax.scan(rollout_step, carry, xs=None, length=INNER_SCAN_LEN)
                    return carry
                return jax.lax.fori_loop(0, NUM_ALGO_ITERS, algo_iter, init_carry)

            jaxpr = jax.make_jaxpr(execute.__wrapped__)(1.0)
            """),
        symptom="sum(e.primitive.name == 'scan' for e in jaxpr.jaxpr.eqns) >= 25",
        note="the unrolled loop body is itself a lax.scan call; module-level constants; the loop "
             "variable is unused"),
    Case(
        "b301-tutorial-loop-jitted-by-assignment",
        "https://theneuralbase.com/jax/learn/beginner/what-jit-compiles-xla-computation/",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            def slow_function(x):
                result = 0.0
                for i in range(1000):
                    result = result + jnp.sin(x) * 0.001
                return result

            jit_function = jax.jit(slow_function)
            n_eqns = len(jax.make_jaxpr(slow_function)(jnp.array(3.14)).jaxpr.eqns)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def slow_function(x):
                def body(i, result):
                    return result + jnp.sin(x) * 0.001
                return jax.lax.fori_loop(0, 1000, body, 0.0)

            jit_function = jax.jit(slow_function)
            n_eqns = len(jax.make_jaxpr(slow_function)(jnp.array(3.14)).jaxpr.eqns)
            """),
        symptom="n_eqns >= 1000",
        note="a Python-float accumulator over range(1000) in a function jitted by assignment"),
    Case(
        "b301-ten-matmuls-in-loop", "https://github.com/patrick-kidger/equinox/issues/1141",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            def f(a, b):
                return jnp.matmul(a, b)

            @jax.jit
            def fmain(a, b):
                for i in range(10):
                    b = f(a, b) * 0.5
                return b

            a = jnp.eye(3)
            hlo = fmain.lower(a, a).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def f(a, b):
                return jnp.matmul(a, b)

            @jax.jit
            def fmain(a, b):
                def body(i, b):
                    return f(a, b) * 0.5
                return jax.lax.fori_loop(0, 10, body, b)

            a = jnp.eye(3)
            hlo = fmain.lower(a, a).as_text()
            """),
        symptom="hlo.count('stablehlo.dot_general') >= 10",
        note="exactly ten trips (the documented minimum), the body calls a module-level helper"),
    Case(
        "b301-default-param-passes-nested-loop",
        "https://openillumi.com/en/en-jax-jit-slow-for-loop-optimization",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def smooth(signal, n_passes=12, width=3):
                for _ in range(n_passes):
                    acc = jnp.zeros_like(signal)
                    for k in range(width):
                        acc = acc + jnp.roll(signal, k - 1)
                    signal = acc / width
                return signal

            hlo = smooth.lower(jnp.arange(8.0)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            @jax.jit
            def smooth(signal, n_passes=12, width=3):
                def one_pass(_, signal):
                    acc = jnp.zeros_like(signal)
                    for k in range(width):
                        acc = acc + jnp.roll(signal, k - 1)
                    return acc / width
                return jax.lax.fori_loop(0, n_passes, one_pass, signal)

            hlo = smooth.lower(jnp.arange(8.0)).as_text()
            """),
        symptom="hlo.count('stablehlo.divide') >= 12",
        note="nested loops: the outer count is a parameter default (12), the inner a 3-trip "
             "loop that may stay unrolled in the look-alike"),
    Case(
        "b301-comprehension-over-range", "https://github.com/jax-ml/jax/issues/212",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            def take_row(x, i):
                return jnp.take(x, i, axis=0) * 2.0

            @jax.jit
            def per_row(x):
                return jnp.stack([take_row(x, i) for i in range(256)])

            n_eqns = len(jax.make_jaxpr(per_row.__wrapped__)(jnp.ones((256, 2))).jaxpr.eqns)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def take_row(x, i):
                return jnp.take(x, i, axis=0) * 2.0

            @jax.jit
            def per_row(x):
                return jax.lax.map(lambda i: take_row(x, i), jnp.arange(256))

            n_eqns = len(jax.make_jaxpr(per_row.__wrapped__)(jnp.ones((256, 2))).jaxpr.eqns)
            """),
        symptom="n_eqns >= 256",
        note="a list comprehension over range(256) under jit, stacked after (labelled not "
             "visible when this corpus was written: SCN301 then read `for` statements only)"),

    # -- no rule claims these ----------------------------------------------------------------
    Case(
        "bnone-while-cond-python-not", "https://github.com/jax-ml/jax/issues/2708",
        ("none",),
        _src("""
            from jax import numpy as jnp
            from jax.lax import while_loop

            def bf(x):
                return x + 1.0

            def cf_ac(x):
                return not jnp.allclose(x, 10.0)

            out = while_loop(cf_ac, bf, 0.0)
            """),
        _src("""
            from jax import numpy as jnp
            from jax.lax import while_loop

            def bf(x):
                return x + 1.0

            def cf_ac(x):
                return jnp.logical_not(jnp.allclose(x, 10.0))

            out = while_loop(cf_ac, bf, 0.0)
            """),
        raises=BOOL,
        note="while_loop condition negated with Python `not`"),
    Case(
        "bnone-traced-slice-in-fori-body", "https://github.com/jax-ml/jax/issues/7222",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            def prefix_sums(x):
                def body(i, out):
                    return out.at[i].set(x[:i].sum())
                return jax.lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))

            out = prefix_sums(jnp.arange(5.0))
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            def prefix_sums(x):
                def body(i, out):
                    return out.at[i].set(jnp.where(jnp.arange(x.shape[0]) < i, x, 0.0).sum())
                return jax.lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))

            out = prefix_sums(jnp.arange(5.0))
            """),
        raises="Slice entries must be static integers",
        note="the fori_loop index as a slice bound"),
    Case(
        "bnone-scan-length-traced-under-jit", "https://github.com/jax-ml/jax/pull/23228",
        ("none",),
        _src("""
            import jax

            def repeat(n, x):
                return jax.lax.scan(lambda c, z: (c, z), x, (), length=n)

            out = jax.jit(repeat)(3, 1.0)
            """),
        _src("""
            import jax

            def repeat(n, x):
                return jax.lax.scan(lambda c, z: (c, z), x, (), length=n)

            out = jax.jit(repeat, static_argnums=0)(3, 1.0)
            """),
        raises="The `length` argument to `scan` expects a concrete `int` value",
        note="scan's length= is a traced argument of the jitted function"),
    Case(
        "bnone-python-list-indexed-by-loop-index", "https://github.com/jax-ml/jax/pull/5853",
        ("none",),
        _src("""
            import jax

            COEFFS = [1.0, 0.5, 0.25, 0.125]

            def horner(x):
                def body(i, acc):
                    return acc * x + COEFFS[i]
                return jax.lax.fori_loop(0, len(COEFFS), body, 0.0)

            out = jax.jit(horner)(2.0)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            COEFFS = [1.0, 0.5, 0.25, 0.125]

            def horner(x):
                coeffs = jnp.asarray(COEFFS)
                def body(i, acc):
                    return acc * x + coeffs[i]
                return jax.lax.fori_loop(0, len(COEFFS), body, 0.0)

            out = jax.jit(horner)(2.0)
            """),
        raises="__index__",
        note="a Python list indexed by the fori_loop index"),
    Case(
        "bnone-early-return-in-python-loop-under-vmap",
        "https://github.com/jax-ml/jax/issues/24740",
        ("none",),
        _src("""
            import jax
            from jax import numpy as jnp
            from jax import vmap

            def mandle_brot(c, max_iter):
                z = jnp.array([0.0 + 0.0j])
                for i in range(max_iter):
                    z = z * z + c
                    if jnp.abs(z) > 2.0:
                        return jnp.array([i])
                return jnp.array([max_iter])

            Z = jnp.array([-0.75 + 0.1j, 0.3 + 0.5j])
            out = vmap(mandle_brot, in_axes=(0, None))(Z, 10)
            """),
        _src("""
            import jax
            from jax import numpy as jnp
            from jax import vmap

            def mandle_brot(c, max_iter):
                def body(i, state):
                    z, count = state
                    z = z * z + c
                    count = jnp.where((jnp.abs(z) > 2.0) & (count == max_iter), i, count)
                    return z, count
                z, count = jax.lax.fori_loop(0, max_iter, body, (0.0 + 0.0j, max_iter))
                return jnp.array([count])

            Z = jnp.array([-0.75 + 0.1j, 0.3 + 0.5j])
            out = vmap(mandle_brot, in_axes=(0, None))(Z, 10)
            """),
        raises=BOOL,
        note="a Python `for` with an early `return` on a traced test, under vmap"),
    Case(
        "bnone-tuple-of-records-as-xs", "https://github.com/jax-ml/jax/issues/19113",
        ("none",),
        _src("""
            from typing import NamedTuple
            import jax
            import jax.numpy as jnp

            class Node(NamedTuple):
                err: jax.Array

            nodes = (Node(jnp.float32(0.1)), Node(jnp.float32(0.2)), Node(jnp.float32(0.3)))
            _, values = jax.lax.scan(lambda _, node: (None, node.err * 2), None, nodes)
            """),
        _src("""
            from typing import NamedTuple
            import jax
            import jax.numpy as jnp

            class Node(NamedTuple):
                err: jax.Array

            nodes = (Node(jnp.float32(0.1)), Node(jnp.float32(0.2)), Node(jnp.float32(0.3)))
            stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *nodes)
            _, values = jax.lax.scan(lambda _, node: (None, node.err * 2), None, stacked)
            """),
        raises="tuple index out of range",
        note="a Python tuple of per-item records passed as xs instead of one stacked record"),
    Case(
        "bnone-loop-over-array-elements-under-jit", "https://github.com/jax-ml/jax/issues/2515",
        ("none",),
        _src("""
            from jax import jit
            from jax.numpy import sqrt, pi, exp, log
            import jax
            import jax.numpy as jnp

            def _Likelihood(s, m, w):
                sum = 0
                for _x in w:
                    term = -log(1 / (s * sqrt(2. * pi)) * exp(-((_x - m) / s) ** 2 / 2.))
                    sum += term
                return sum

            x = jnp.linspace(90.0, 110.0, 100)
            n_eqns = len(jax.make_jaxpr(_Likelihood)(5.0, 100.0, x).jaxpr.eqns)
            """),
        _src("""
            from jax import jit
            from jax.numpy import sqrt, pi, exp, log
            import jax
            import jax.numpy as jnp

            def _Likelihood(s, m, w):
                term = -log(1 / (s * sqrt(2. * pi)) * exp(-((w - m) / s) ** 2 / 2.))
                return term.sum()

            x = jnp.linspace(90.0, 110.0, 100)
            n_eqns = len(jax.make_jaxpr(_Likelihood)(5.0, 100.0, x).jaxpr.eqns)
            """),
        symptom="n_eqns >= 100",
        note="a Python loop over an array's elements inside a function the thread jits: "
             "unrolled once per element (not a `range` loop)"),
    Case(
        "bnone-range-of-shape-jitted-by-assignment", "https://github.com/jax-ml/jax/issues/3083",
        ("none",),
        _src("""
            import jax.numpy as jnp
            from jax import jit
            import jax

            def decay_sum_jax(x, decay):
                y = jnp.zeros(x.shape)
                for t in range(x.shape[0]):
                    y = y.at[t].set(x[t] + y[t - 1] * decay)
                return y

            decay_sum_jit = jit(decay_sum_jax)
            n_eqns = len(jax.make_jaxpr(decay_sum_jax)(jnp.ones((30, 3)), 0.9).jaxpr.eqns)
            """),
        _src("""
            import jax.numpy as jnp
            from jax import jit
            import jax

            def decay_sum_jax(x, decay):
                def step(prev, row):
                    y = row + prev * decay
                    return y, y
                _, y = jax.lax.scan(step, jnp.zeros(x.shape[1:]), x)
                return y

            decay_sum_jit = jit(decay_sum_jax)
            n_eqns = len(jax.make_jaxpr(decay_sum_jax)(jnp.ones((30, 3)), 0.9).jaxpr.eqns)
            """),
        symptom="n_eqns >= 30",
        note="range(x.shape[0]) under jit by assignment: the trip count comes from a shape, "
             "which the documented scope leaves out"),
    Case(
        "bnone-scan-body-takes-one-argument", "https://github.com/jax-ml/jax/issues/4811",
        ("none",),
        _src("""
            import jax.numpy as jnp
            from jax.lax import scan

            def sqrt_careful(x):
                def body(val):
                    new_val = 0.5 * (val + x / val)
                    return new_val, None

                res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
                return res

            out = sqrt_careful(jnp.float32(2.0))
            """),
        _src("""
            import jax.numpy as jnp
            from jax.lax import scan

            def sqrt_careful(x):
                def body(val, _):
                    new_val = 0.5 * (val + x / val)
                    return new_val, None

                res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
                return res

            out = sqrt_careful(jnp.float32(2.0))
            """),
        raises="positional argument",
        note="a scan body written with one parameter"),
]
