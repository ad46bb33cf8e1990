"""Scan-family mistakes users reported in public threads, each as a minimal reproduction in
our own words, with the corrected code (the look-alike) next to it.

Each reproduction runs under JAX (tests/test_recall_corpus.py) and must fail with `raises` in
the error, or run and make `symptom` true (it misbehaves); its look-alike must run, with
`symptom` false. `codes` are the rules that should report the reproduction; `visible` is False
when the mistake cannot be seen in the source (it depends on values made elsewhere), and such
a case does not count for recall. `source` is the thread the mistake was reported in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    codes: tuple[str, ...]
    mistake: str
    lookalike: str
    raises: str | None = None
    symptom: str | None = None
    visible: bool = True
    note: str = ""


JAX = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n"
PYTREE = "carry input and carry output must have the same pytree structure"
TYPES = "carry input and carry output must have equal types"

CASES = [
    # -- SCN201: the carry's structure ---------------------------------------------------------
    Case(
        "scn201-none-init", "https://github.com/jax-ml/jax/issues/1534", ("SCN201",),
        JAX + "def pairs(xs):\n"
        "    return lax.scan(lambda c, x: (0, (x, 2 * x)), None, xs)\n"
        "out = pairs(jnp.arange(4.0))\n",
        JAX + "def pairs(xs):\n"
        "    return lax.scan(lambda c, x: (None, (x, 2 * x)), None, xs)\n"
        "out = pairs(jnp.arange(4.0))\n",
        raises=PYTREE, note="`None` as the init, a value returned as the carry"),
    Case(
        "scn201-dict-in-tuple-gains-key", "https://github.com/jax-ml/jax/pull/15178",
        ("SCN201",),
        JAX + "def step(carry, _):\n    left, right = carry\n"
        "    merged = {'a': left['a'], 'b': right['a']}\n    return (merged, merged), None\n"
        "init = ({'a': jnp.array(0, 'int32')}, {'a': jnp.array(1, 'int32')})\n"
        "out = lax.scan(step, init, None, length=2)\n",
        JAX + "def step(carry, _):\n    left, right = carry\n"
        "    merged = {'a': left['a'] + right['a']}\n    return (merged, merged), None\n"
        "init = ({'a': jnp.array(0, 'int32')}, {'a': jnp.array(1, 'int32')})\n"
        "out = lax.scan(step, init, None, length=2)\n",
        raises=PYTREE, note="dicts nested in a tuple carry gain a key"),
    Case(
        "scn201-list-in-dict-loses-element", "https://github.com/jax-ml/jax/pull/22857",
        ("SCN201",),
        JAX + "def shift(state):\n    hist = state['hist']\n"
        "    return {'hist': [hist[1], hist[2]], 'n': state['n'] + 1}\n"
        "def run():\n    state = {'hist': [0.0, 1.0, 2.0], 'n': 0}\n"
        "    return lax.while_loop(lambda s: s['n'] < 3, shift, state)\nout = run()\n",
        JAX + "def shift(state):\n    hist = state['hist']\n"
        "    return {'hist': [hist[1], hist[2], hist[0]], 'n': state['n'] + 1}\n"
        "def run():\n    state = {'hist': [0.0, 1.0, 2.0], 'n': 0}\n"
        "    return lax.while_loop(lambda s: s['n'] < 3, shift, state)\nout = run()\n",
        raises=PYTREE, note="a list inside a dict carry loses an element"),
    Case(
        "scn201-unpack-scalar-init-visible", "https://github.com/jax-ml/jax/issues/8605",
        ("SCN201",),
        JAX + "def smooth(alpha):\n    series = jnp.array([4.0, 5.0, 7.0, 6.0])\n"
        "    def step(s, x):\n        level, trend = s\n"
        "        new_level = level + trend + alpha * (x - level - trend)\n"
        "        return (new_level, trend), new_level\n"
        "    return lax.scan(step, series[0], series)\nout = smooth(0.3)\n",
        JAX + "def smooth(alpha):\n    series = jnp.array([4.0, 5.0, 7.0, 6.0])\n"
        "    def step(s, x):\n        level, trend = s\n"
        "        new_level = level + trend + alpha * (x - level - trend)\n"
        "        return (new_level, trend), new_level\n"
        "    return lax.scan(step, (series[0], 0.0), series)\nout = smooth(0.3)\n",
        raises="iteration over a 0-d array",
        note="the body unpacks two names from a scalar init made in the same function"),
    Case(
        "scn201-unpack-scalar-init-from-caller", "https://github.com/jax-ml/jax/issues/8605",
        ("SCN201",),
        JAX + "def holt(params, series):\n    s0, alpha = params\n"
        "    def step(s, x):\n        level, trend = s\n"
        "        new_level = level + trend + alpha * (x - level - trend)\n"
        "        return (new_level, trend), new_level\n"
        "    return lax.scan(step, s0, series)\n"
        "series = jnp.array([4.0, 5.0, 7.0, 6.0])\nout = holt((series[0], 0.3), series)\n",
        JAX + "def holt(params, series):\n    s0, alpha = params\n"
        "    def step(s, x):\n        level, trend = s\n"
        "        new_level = level + trend + alpha * (x - level - trend)\n"
        "        return (new_level, trend), new_level\n"
        "    return lax.scan(step, s0, series)\n"
        "series = jnp.array([4.0, 5.0, 7.0, 6.0])\nout = holt(((series[0], 0.0), 0.3), series)\n",
        raises="iteration over a 0-d array", visible=False,
        note="as reported: the scalar init comes from the caller's tuple, not visible here"),
    # -- SCN204: Python side effects in a body ----------------------------------------------
    Case(
        "scn204-list-item-counter", "https://github.com/jax-ml/jax/issues/1708", ("SCN204",),
        JAX + "u = [0]\ndef body(val):\n    u[0] += 1\n    return val + 1\n"
        "out = lax.while_loop(lambda j: j < 10, body, 0)\ncalls = u[0]\n",
        JAX + "def body(state):\n    val, count = state\n    return val + 1, count + 1\n"
        "out, count = lax.while_loop(lambda s: s[0] < 10, body, (0, 0))\ncalls = int(count)\n",
        symptom="calls != 10", note="an outer list item counts body calls: 1, not 10"),
    Case(
        "scn204-next-on-outer-iterator", "https://github.com/jax-ml/jax/issues/3567",
        ("SCN204",),
        JAX + "batches = iter([jnp.full(3, float(k)) for k in range(5)])\n"
        "def body(i, total):\n    batch = next(batches)\n    return total + batch.sum()\n"
        "total = lax.fori_loop(0, 5, body, 0.0)\n",
        JAX + "def train(data):\n    def body(i, total):\n        batch = data[i]\n"
        "        return total + batch.sum()\n    return lax.fori_loop(0, 5, body, 0.0)\n"
        "total = train(jnp.stack([jnp.full(3, float(k)) for k in range(5)]))\n",
        symptom="float(total) != 30.0", note="every step sees the first batch"),
    Case(
        "scn204-dict-counter", "https://github.com/tensorflow/probability/pull/1035",
        ("SCN204",),
        JAX + "import collections\ncounter = collections.Counter()\n"
        "def body(i, x):\n    counter['body_calls'] += 1\n    return x + 1\n"
        "out = lax.fori_loop(0, 4, body, 0)\ncalls = counter['body_calls']\n",
        JAX + "def body(i, state):\n    x, calls = state\n    return x + 1, calls + 1\n"
        "out, calls = lax.fori_loop(0, 4, body, (0, 0))\ncalls = int(calls)\n",
        symptom="calls != 4", note="a dict counter goes up once, at trace time"),
    Case(
        "scn204-attribute-counter", "https://github.com/jax-ml/jax/pull/20732", ("SCN204",),
        JAX + "class Model:\n    def __init__(self):\n        self.steps = 0\n"
        "    def rollout(self, xs):\n        def step(c, x):\n            self.steps += 1\n"
        "            return c + x, c\n        return lax.scan(step, 0.0, xs)\n"
        "model = Model()\nout = model.rollout(jnp.ones(4))\ncalls = model.steps\n",
        JAX + "class Model:\n    def rollout(self, xs):\n        def step(c, x):\n"
        "            total, steps = c\n            return (total + x, steps + 1), total\n"
        "        return lax.scan(step, (0.0, 0), xs)\n"
        "model = Model()\n(total, steps), ys = model.rollout(jnp.ones(4))\ncalls = int(steps)\n",
        symptom="calls != 4", note="an attribute of an outer object counts steps: 1, not 4"),
    Case(
        "scn204-nonlocal-leaks-tracer", "https://github.com/jax-ml/jax/issues/2048",
        ("SCN204",),
        JAX + "def run(xs):\n    last = None\n    def step(c, x):\n        nonlocal last\n"
        "        last = c\n        return c + x, c\n    lax.scan(step, 0.0, xs)\n"
        "    return last + 1.0\nout = run(jnp.ones(3))\n",
        JAX + "def run(xs):\n    def step(c, x):\n        return c + x, c\n"
        "    final, ys = lax.scan(step, 0.0, xs)\n    return ys[-1] + 1.0\n"
        "out = run(jnp.ones(3))\n",
        raises="unexpected tracer", note="a nonlocal name keeps a tracer past the trace"),
    Case(
        "scn204-append-leaks-tracer", "https://github.com/jax-ml/jax/pull/5905", ("SCN204",),
        JAX + "seen = []\ndef step(c, x):\n    seen.append(c)\n    return c + x, c\n"
        "out = lax.scan(step, 0.0, jnp.ones(3))\nfirst = seen[0] + 1.0\n",
        JAX + "def step(c, x):\n    return c + x, c\n"
        "out, seen = lax.scan(step, 0.0, jnp.ones(3))\nfirst = seen[0] + 1.0\n",
        raises="unexpected tracer", note="a global list collects a tracer, once"),
    Case(
        "scn204-print-once", "https://github.com/jax-ml/jax/issues/1141", ("SCN204",),
        JAX + "def step(c, x):\n    print('carry', c)\n    return c + x, c\n"
        "out = lax.scan(step, 0.0, jnp.ones(3))\n",
        JAX + "def step(c, x):\n    jax.debug.print('carry {}', c)\n    return c + x, c\n"
        "out = lax.scan(step, 0.0, jnp.ones(3))\njax.effects_barrier()\n",
        symptom="printed.count('carry') != 3", note="a Python print runs once, at trace time"),
    Case(
        "scn204-next-key-from-iterator", "https://github.com/jax-ml/jax/pull/1133",
        ("SCN204",),
        JAX + "def sample(key):\n    keys = iter(jax.random.split(key, 4))\n"
        "    def step(c, _):\n        return c, jax.random.normal(next(keys))\n"
        "    return lax.scan(step, 0.0, None, length=4)[1]\n"
        "draws = sample(jax.random.PRNGKey(0))\n",
        JAX + "def sample(key):\n    def step(c, k):\n        return c, jax.random.normal(k)\n"
        "    return lax.scan(step, 0.0, jax.random.split(key, 4))[1]\n"
        "draws = sample(jax.random.PRNGKey(0))\n",
        symptom="len(set(draws.tolist())) == 1",
        note="every step draws with the same key"),
    # -- SCN205: late binding of loop variables ----------------------------------------------
    Case(
        "scn205-bodies-kept-in-list", "https://github.com/python/cpython/issues/100170",
        ("SCN205",),
        JAX + "def run(xs):\n    steps = []\n    for k in range(1, 4):\n"
        "        def step(c, x):\n            return c + k * x, c\n"
        "        steps.append(step)\n"
        "    return [lax.scan(f, 0.0, xs)[0] for f in steps]\n"
        "totals = run(jnp.ones(2))\n",
        JAX + "def run(xs):\n    steps = []\n    for k in range(1, 4):\n"
        "        def step(c, x, k=k):\n            return c + k * x, c\n"
        "        steps.append(step)\n"
        "    return [lax.scan(f, 0.0, xs)[0] for f in steps]\n"
        "totals = run(jnp.ones(2))\n",
        symptom="len({float(t) for t in totals}) == 1",
        note="every kept body sees the last k"),
    Case(
        "scn205-lambdas-kept-in-dict", "https://github.com/python/cpython/issues/100170",
        ("SCN205",),
        JAX + "def run(xs, rates):\n    bodies = {}\n    for name, rate in rates.items():\n"
        "        bodies[name] = lambda c, x: (c * rate + x, c)\n"
        "    return {n: lax.scan(bodies[n], 1.0, xs)[0] for n in rates}\n"
        "out = run(jnp.ones(2), {'slow': 0.5, 'fast': 2.0})\n",
        JAX + "def run(xs, rates):\n    bodies = {}\n    for name, rate in rates.items():\n"
        "        bodies[name] = lambda c, x, rate=rate: (c * rate + x, c)\n"
        "    return {n: lax.scan(bodies[n], 1.0, xs)[0] for n in rates}\n"
        "out = run(jnp.ones(2), {'slow': 0.5, 'fast': 2.0})\n",
        symptom="float(out['slow']) == float(out['fast'])",
        note="lambdas kept by name all read the last rate"),
    Case(
        "scn205-comprehension-of-lambdas", "https://github.com/python/cpython/issues/100170",
        ("SCN205",),
        JAX + "def run(xs):\n    steps = [lambda c, x: (c + k * x, c) for k in range(1, 4)]\n"
        "    outs = []\n    for f in steps:\n        outs.append(lax.scan(f, 0.0, xs)[0])\n"
        "    return outs\ntotals = run(jnp.ones(2))\n",
        JAX + "def run(xs):\n    steps = [lambda c, x, k=k: (c + k * x, c) for k in range(1, 4)]\n"
        "    outs = []\n    for f in steps:\n        outs.append(lax.scan(f, 0.0, xs)[0])\n"
        "    return outs\ntotals = run(jnp.ones(2))\n",
        symptom="len({float(t) for t in totals}) == 1",
        note="a comprehension's lambdas share its variable"),
    # -- SCN206: a counter indexing arrays -------------------------------------------------
    Case(
        "scn206-counter-past-short-array", "https://github.com/jax-ml/jax/issues/4383",
        ("SCN206",),
        JAX + "def rollout(a):\n    def step(c, _):\n        s, t = c\n"
        "        return (s + a[t], t + 1), a[t]\n"
        "    return lax.scan(step, (0.0, 0), None, length=4)\n"
        "(final, steps), rows = rollout(jnp.array([1.0, 2.0, 3.0]))\n",
        JAX + "def rollout(a):\n    def step(s, a_t):\n        return s + a_t, a_t\n"
        "    return lax.scan(step, 0.0, a)\n"
        "final, rows = rollout(jnp.array([1.0, 2.0, 3.0]))\n",
        symptom="bool(rows[-1] == rows[-2])",
        note="an index past the end is clamped: the last row again"),
    Case(
        "scn206-counter-beside-xs-short", "https://github.com/jax-ml/jax/issues/11277",
        ("SCN206",),
        JAX + "def weigh(w, xs):\n    def step(c, x):\n        total, t = c\n"
        "        return (total + w[t] * x, t + 1), w[t]\n"
        "    return lax.scan(step, (0.0, 0), xs)\n"
        "(total, _), used = weigh(jnp.array([1.0, 2.0]), jnp.ones(3))\n",
        JAX + "def weigh(w, xs):\n    def step(total, wx):\n        w_t, x = wx\n"
        "        return total + w_t * x, w_t\n"
        "    return lax.scan(step, 0.0, (w, xs[:w.shape[0]]))\n"
        "total, used = weigh(jnp.array([1.0, 2.0]), jnp.ones(3))\n",
        symptom="bool(used[-1] == used[-2])",
        note="beside xs, a shorter indexed array is silently reused"),
    Case(
        "scn206-counter-with-reverse", "https://github.com/jax-ml/jax/issues/5002",
        ("SCN206",),
        JAX + "def scaled(w, xs):\n    def step(c, x):\n        s, t = c\n"
        "        return (s, t + 1), x * w[t]\n"
        "    return lax.scan(step, (0.0, 0), xs, reverse=True)[1]\n"
        "w = jnp.array([1.0, 10.0, 100.0])\nxs = jnp.array([1.0, 2.0, 3.0])\n"
        "ys = scaled(w, xs)\n",
        JAX + "def scaled(w, xs):\n    def step(s, xw):\n        x, w_t = xw\n"
        "        return s, x * w_t\n"
        "    return lax.scan(step, 0.0, (xs, w), reverse=True)[1]\n"
        "w = jnp.array([1.0, 10.0, 100.0])\nxs = jnp.array([1.0, 2.0, 3.0])\n"
        "ys = scaled(w, xs)\n",
        symptom="not bool(jnp.allclose(ys, xs * w))",
        note="reverse=True reads xs backwards while the counter counts up"),
    # -- SCN207: module-level arrays captured at trace time ------------------------------------
    Case(
        "scn207-reloaded-weights-ignored", "https://github.com/jax-ml/jax/issues/1426",
        ("SCN207",),
        JAX + "WEIGHTS = jnp.ones((40, 40)) * 0.01\n"
        "def step(h, x):\n    return jnp.tanh(WEIGHTS @ h + x), h\n"
        "@jax.jit\ndef run(xs):\n    return lax.scan(step, jnp.zeros(40), xs)[0]\n"
        "xs = jnp.ones((3, 40))\nbefore = run(xs)\nWEIGHTS = WEIGHTS * 3\nafter = run(xs)\n",
        JAX + "def step(carry, x):\n    h, weights = carry\n"
        "    return (jnp.tanh(weights @ h + x), weights), h\n"
        "@jax.jit\ndef run(weights, xs):\n"
        "    return lax.scan(step, (jnp.zeros(40), weights), xs)[0][0]\n"
        "WEIGHTS = jnp.ones((40, 40)) * 0.01\nxs = jnp.ones((3, 40))\n"
        "before = run(WEIGHTS, xs)\nWEIGHTS = WEIGHTS * 3\nafter = run(WEIGHTS, xs)\n",
        symptom="bool((before == after).all())",
        note="new weights are ignored: the jitted loop captured the old ones"),
    Case(
        "scn207-through-jitted-wrapper", "https://github.com/jax-ml/jax/issues/14655",
        ("SCN207",),
        JAX + "STACK = jnp.ones((40, 40)) * 0.5\n"
        "def project(v, m):\n    return m @ v\n"
        "project_j = jax.jit(lambda v: project(v, STACK))\n"
        "def run(xs):\n    def step(c, x):\n        return jnp.tanh(project_j(c) + x), c\n"
        "    return lax.scan(step, jnp.zeros(40), xs)[0]\n"
        "xs = jnp.ones((2, 40))\nbefore = run(xs)\nSTACK = STACK * 0.0\nafter = run(xs)\n",
        JAX + "STACK = jnp.ones((40, 40)) * 0.5\n"
        "def project(v, m):\n    return m @ v\n"
        "project_j = jax.jit(project)\n"
        "def run(xs, m):\n    def step(c, x):\n        return jnp.tanh(project_j(c, m) + x), c\n"
        "    return lax.scan(step, jnp.zeros(40), xs)[0]\n"
        "xs = jnp.ones((2, 40))\nbefore = run(xs, STACK)\nSTACK = STACK * 0.0\n"
        "after = run(xs, STACK)\n",
        symptom="bool((before == after).all())",
        note="a jitted closure over a module array; the reported slow compile (constant "
             "folding) no longer reproduces on jax 0.10, which hoists the constant, but the "
             "value is still captured"),
    Case(
        "scn207-method-chain-through-def", "https://github.com/jax-ml/jax/issues/1426",
        ("SCN207",),
        JAX + "import numpy as np\nGRID = np.linspace(0.0, 1.0, 1600).reshape(40, 40)\n"
        "def smooth(v):\n    return GRID @ v\n"
        "def body(i, v):\n    return smooth(v) * 0.01\n"
        "def run(v):\n    return lax.fori_loop(0, 2, body, v)\n"
        "before = run(jnp.ones(40))\nGRID = GRID * 2\nafter = run(jnp.ones(40))\n",
        JAX + "import numpy as np\nGRID = np.linspace(0.0, 1.0, 1600).reshape(40, 40)\n"
        "def run(v, grid):\n    def body(i, v):\n        return (grid @ v) * 0.01\n"
        "    return lax.fori_loop(0, 2, body, v)\n"
        "before = run(jnp.ones(40), GRID)\nGRID = GRID * 2\nafter = run(jnp.ones(40), GRID)\n",
        symptom="bool((before == after).all())",
        note="a module-level body (cached by scan) reads the array through a def"),
    # -- SCN208: the carry's dtype or shape --------------------------------------------------
    Case(
        "scn208-while-astype", "https://github.com/jax-ml/jax/issues/1681", ("SCN208",),
        JAX + "import numpy as np\n"
        "out = lax.while_loop(lambda u: u < 5, lambda u: u.astype(np.float16) + 1, "
        "np.float32(1.0))\n",
        JAX + "import numpy as np\n"
        "out = lax.while_loop(lambda u: u < 5, lambda u: u + 1, np.float32(1.0))\n",
        raises=TYPES, note="the body casts the carry to float16"),
    Case(
        "scn208-scalar-init-vector-body", "https://github.com/jax-ml/jax/issues/1686",
        ("SCN208",),
        JAX + "import numpy as np\ndef energy():\n    s = np.ones([6, 6])\n"
        "    def body_fun(i, carry):\n        a, b = carry\n"
        "        return a - b[i] * b[i + 1], b\n"
        "    return lax.fori_loop(0, s.shape[1] - 1, body_fun, (0, s))\nout = energy()\n",
        JAX + "import numpy as np\ndef energy():\n    s = np.ones([6, 6])\n"
        "    def body_fun(i, carry):\n        a, b = carry\n"
        "        return a - b[i] * b[i + 1], b\n"
        "    return lax.fori_loop(0, s.shape[1] - 1, body_fun, (np.zeros(6), s))\n"
        "out = energy()\n",
        raises=TYPES, note="a Python 0 carry grows to a row by broadcasting"),
    Case(
        "scn208-grown-by-concatenate", "https://github.com/jax-ml/jax/issues/3106",
        ("SCN208",),
        JAX + "def collect(n):\n    def body(state):\n        i, found = state\n"
        "        return i + 1, jnp.concatenate([found, jnp.array([i * 1.0])])\n"
        "    return lax.while_loop(lambda s: s[0] < n, body, (0, jnp.zeros(0)))\n"
        "out = collect(3)\n",
        JAX + "def collect(n):\n    def body(state):\n        i, found = state\n"
        "        return i + 1, found.at[i].set(i * 1.0)\n"
        "    return lax.while_loop(lambda s: s[0] < n, body, (0, jnp.zeros(3)))\n"
        "out = collect(3)\n",
        raises=TYPES, note="a while loop's carry grows by concatenation"),
    Case(
        "scn208-int-carry-cast-reshaped", "https://github.com/jax-ml/jax/pull/15178",
        ("SCN208",),
        JAX + "def step(c, _):\n    a, b = c\n"
        "    return (a.astype('float32'), b.astype('float32').reshape(1, 1)), None\n"
        "out = lax.scan(step, (jnp.array(0, 'int32'), jnp.array(1, 'int32')), None, length=2)\n",
        JAX + "def step(c, _):\n    a, b = c\n    return (a + 1, b * 2), None\n"
        "out = lax.scan(step, (jnp.array(0, 'int32'), jnp.array(1, 'int32')), None, length=2)\n",
        raises=TYPES, note="an int32 carry cast to float32 and reshaped"),
    Case(
        "scn208-int-counter-mixed-float", "https://github.com/jax-md/jax-md/issues/99",
        ("SCN208",),
        JAX + "def minimize(r0):\n    def step(state, _):\n        r, n_pos = state\n"
        "        n_pos = jnp.where(r.sum() > 0, n_pos + 1, n_pos * 0.5)\n"
        "        return (r * 0.9, n_pos), None\n"
        "    init = (r0, jnp.zeros((), jnp.int32))\n"
        "    return lax.scan(step, init, None, length=3)\nout = minimize(jnp.ones(3))\n",
        JAX + "def minimize(r0):\n    def step(state, _):\n        r, n_pos = state\n"
        "        n_pos = jnp.where(r.sum() > 0, n_pos + 1, n_pos // 2)\n"
        "        return (r * 0.9, n_pos), None\n"
        "    init = (r0, jnp.zeros((), jnp.int32))\n"
        "    return lax.scan(step, init, None, length=3)\nout = minimize(jnp.ones(3))\n",
        raises=TYPES, note="an int32 step counter halved with `* 0.5` turns float (the "
                           "report's init was a Python 0, which jax 0.10 promotes; the same "
                           "counter made int32 still fails)"),
]
