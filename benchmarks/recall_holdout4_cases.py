"""A fourth holdout set for scanlint's recall, built blind: scan-family and unrolled-loop mistakes
reported in public threads and pages that none of benchmarks/recall_cases.py,
recall_holdout_cases.py, recall_holdout2_cases.py or recall_holdout3_cases.py uses (only their
addresses were compared), each written anew by someone who had read docs/rules.md but none of
the rules' code, with its corrected look-alike. No case was run through scanlint while it was
written, and none was changed after scanlint's result was seen.

The same `Case` as benchmarks/recall_cases.py. `codes` names the rule whose documented scope
(docs/rules.md) the mistake falls in; ("none",) when no rule's documented scope claims it.
`visible` is False when the documented scope cannot see the mistake in the file's source.
`note` says which variant of writing the case represents and, where the thread's own code
differs (another loop primitive, another library, a neighbouring API), how.

No thread was found in the time given for SCN202, SCN203, SCN205 or SCN206 that the other four
sets do not already use, so this set has no case for them; nine of the first draft's threads
turned out to be used by the other sets (the address test caught them) and were replaced,
and two candidates (jax-ml/jax#28738, #21637) no longer reproduce under jax 0.10.2: the set has
19 cases, one short of the 20 aimed for.

Every reproduction fails under JAX 0.10.2 with `raises` in its error, or runs and makes
`symptom` true; every look-alike runs with `symptom` false. SCN301's symptom is program size:
the jitted function's lowered (StableHLO) text holds one copy of the body per trip, where the
rolled look-alike holds one. SCN207's symptom is the stale value: after the module-level
array is reassigned, the jitted function still computes with the old one.

    python benchmarks/recall.py --cases holdout4          # the per-rule table and the misses
    python benchmarks/recall.py --cases holdout4 --jax    # also check every case under JAX
"""

from __future__ import annotations

import os
import sys
from textwrap import dedent

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_cases import Case  # noqa: E402  (the same dataclass)

PYTREE = "carry input and carry output must have the same pytree structure"
TYPES = "carry input and carry output must have equal types"


def _src(text: str) -> str:
    return dedent(text).lstrip("\n")


CASES = [
    # -- SCN201: the carry's pytree structure changes ----------------------------------------
    Case(
        "c201-params-record-wrapped-in-list-init",
        "https://github.com/patrick-kidger/equinox/issues/630",
        ("SCN201",),
        _src("""
            from typing import NamedTuple

            import jax
            import jax.numpy as jnp


            class Params(NamedTuple):
                w: jax.Array
                b: jax.Array


            def sgd_step(carry, batch):
                params = carry[0]
                x, y = batch
                err = x @ params.w + params.b - y
                new = Params(params.w - 0.1 * x.T @ err, params.b - 0.1 * err.sum())
                return new, jnp.mean(err ** 2)


            def fit(params, xs, ys):
                return jax.lax.scan(sgd_step, [params], (xs, ys))


            p0 = Params(jnp.zeros((3, 1)), jnp.zeros(()))
            final, losses = fit(p0, jnp.ones((5, 4, 3)), jnp.ones((5, 4, 1)))
            """),
        _src("""
            from typing import NamedTuple

            import jax
            import jax.numpy as jnp


            class Params(NamedTuple):
                w: jax.Array
                b: jax.Array


            def sgd_step(carry, batch):
                params = carry[0]
                x, y = batch
                err = x @ params.w + params.b - y
                new = Params(params.w - 0.1 * x.T @ err, params.b - 0.1 * err.sum())
                return [new], jnp.mean(err ** 2)


            def fit(params, xs, ys):
                return jax.lax.scan(sgd_step, [params], (xs, ys))


            p0 = Params(jnp.zeros((3, 1)), jnp.zeros(()))
            final, losses = fit(p0, jnp.ones((5, 4, 3)), jnp.ones((5, 4, 1)))
            """),
        raises=PYTREE,
        note="a NamedTuple record wrapped in a one-element list as the init (by a caller's "
             "parameter), the body returning the bare record; the thread wraps an equinox "
             "Module in a list the same way"),

    # -- SCN204: Python side effects in the body ---------------------------------------------
    Case(
        "c204-method-stores-tracer-on-self",
        "https://github.com/pyro-ppl/numpyro/issues/1982",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp


            class Annealer:
                def __init__(self, decay):
                    self.decay = decay
                    self.loss_temperature = 1.0

                def step(self, carry, loss):
                    temperature = carry * self.decay
                    self.loss_temperature = temperature
                    return temperature, loss / temperature

                def run(self, losses):
                    return jax.lax.scan(self.step, jnp.float32(1.0), losses)


            annealer = Annealer(0.9)
            final, scaled = annealer.run(jnp.ones(6))
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            class Annealer:
                def __init__(self, decay):
                    self.decay = decay
                    self.loss_temperature = 1.0

                def step(self, carry, loss):
                    temperature = carry * self.decay
                    return temperature, loss / temperature

                def run(self, losses):
                    final, scaled = jax.lax.scan(self.step, jnp.float32(1.0), losses)
                    self.loss_temperature = final
                    return final, scaled


            annealer = Annealer(0.9)
            final, scaled = annealer.run(jnp.ones(6))
            """),
        symptom="isinstance(annealer.loss_temperature, jax.core.Tracer)",
        note="a method used as the scan body (`self.step`) assigns `self.loss_temperature`: "
             "the object keeps a tracer; the look-alike assigns the loop's result after it"),
    Case(
        "c204-prior-caches-normaliser-lazily",
        "https://github.com/pyro-ppl/numpyro/issues/1651",
        ("SCN204",),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax.scipy.special import ndtr


            class TruncatedNormal:
                def __init__(self, loc, scale, low):
                    self.loc = loc
                    self.scale = scale
                    self.low = low
                    self._log_z = None

                def log_z(self):
                    if self._log_z is None:
                        self._log_z = jnp.log1p(-ndtr((self.low - self.loc) / self.scale))
                    return self._log_z

                def log_prob(self, x):
                    z = (x - self.loc) / self.scale
                    return -0.5 * z ** 2 - jnp.log(self.scale) - self.log_z()


            prior = TruncatedNormal(0.0, 1.0, -1.0)


            def accumulate(total, x):
                lp = prior.log_prob(x)
                return total + lp, lp


            total, lps = jax.lax.scan(accumulate, 0.0, jnp.linspace(0.0, 1.0, 5))
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            from jax.scipy.special import ndtr


            class TruncatedNormal:
                def __init__(self, loc, scale, low):
                    self.loc = loc
                    self.scale = scale
                    self.low = low
                    self._log_z = jnp.log1p(-ndtr((low - loc) / scale))

                def log_z(self):
                    return self._log_z

                def log_prob(self, x):
                    z = (x - self.loc) / self.scale
                    return -0.5 * z ** 2 - jnp.log(self.scale) - self.log_z()


            prior = TruncatedNormal(0.0, 1.0, -1.0)


            def accumulate(total, x):
                lp = prior.log_prob(x)
                return total + lp, lp


            total, lps = jax.lax.scan(accumulate, 0.0, jnp.linspace(0.0, 1.0, 5))
            """),
        symptom="isinstance(prior._log_z, jax.core.Tracer)",
        note="a module-level object's method, called in the body, fills a lazy cache on self "
             "through a helper method (`log_prob` -> `log_z`); the thread keeps the "
             "distribution in a module-level dict, here a plain name"),

    # -- SCN207: module-level arrays read by a loop body -------------------------------------
    Case(
        "c207-module-weights-stale-after-reassign",
        "https://openillumi.com/en/en-jax-jit-external-variable-implicit-argument-jaxpr",
        ("SCN207",),
        _src("""
            import jax
            import jax.numpy as jnp
            import numpy as np

            W = jnp.asarray(np.random.default_rng(0).normal(size=(40, 40)) * 0.1)


            def cell(h, x):
                h = jnp.tanh(W @ h + x)
                return h, h.sum()


            @jax.jit
            def rollout(h0, xs):
                return jax.lax.scan(cell, h0, xs)[0]


            h0, xs = jnp.zeros(40), jnp.ones((5, 40))
            first = rollout(h0, xs)
            W = W * 0.0
            second = rollout(h0, xs)
            """),
        _src("""
            import jax
            import jax.numpy as jnp
            import numpy as np

            W = jnp.asarray(np.random.default_rng(0).normal(size=(40, 40)) * 0.1)


            @jax.jit
            def rollout(W, h0, xs):
                def cell(h, x):
                    h = jnp.tanh(W @ h + x)
                    return h, h.sum()
                return jax.lax.scan(cell, h0, xs)[0]


            h0, xs = jnp.zeros(40), jnp.ones((5, 40))
            first = rollout(W, h0, xs)
            W = W * 0.0
            second = rollout(W, h0, xs)
            """),
        symptom="bool(jnp.allclose(first, second))",
        note="a module-level def body reads a module-level matrix drawn from a NumPy generator "
             "(1,600 elements); the page's case is a learning rate read by a jitted step"),
    Case(
        "c207-psf-in-module-dict-stale",
        "https://coronagraphoto.readthedocs.io/en/latest/explanation/performance.html",
        ("SCN207",),
        _src("""
            import jax
            import jax.numpy as jnp

            OPTICS = {"psf": jnp.ones((48, 48)) / 2304.0, "gain": 2.0}


            def blur(i, img):
                return jnp.fft.irfft2(jnp.fft.rfft2(img) * jnp.fft.rfft2(OPTICS["psf"]),
                                      s=img.shape)


            @jax.jit
            def simulate(img):
                return jax.lax.fori_loop(0, 3, blur, img)


            img = jnp.zeros((48, 48)).at[24, 24].set(1.0)
            first = simulate(img)
            OPTICS["psf"] = jnp.zeros((48, 48)).at[0, 0].set(1.0)
            second = simulate(img)
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            OPTICS = {"psf": jnp.ones((48, 48)) / 2304.0, "gain": 2.0}


            @jax.jit
            def simulate(img, psf):
                def blur(i, img):
                    return jnp.fft.irfft2(jnp.fft.rfft2(img) * jnp.fft.rfft2(psf), s=img.shape)
                return jax.lax.fori_loop(0, 3, blur, img)


            img = jnp.zeros((48, 48)).at[24, 24].set(1.0)
            first = simulate(img, OPTICS["psf"])
            OPTICS["psf"] = jnp.zeros((48, 48)).at[0, 0].set(1.0)
            second = simulate(img, OPTICS["psf"])
            """),
        symptom="bool(jnp.allclose(first, second))",
        note="a `fori_loop` body reads an array held in a module-level dict literal "
             "(`OPTICS['psf']`, 2,304 elements); the page's PSF cube is held by an object "
             "closed over by `eqx.filter_jit`"),

    # -- SCN208: the carry's dtype or shape changes ------------------------------------------
    Case(
        "c208-float-slot-reset-to-int-literal",
        "https://github.com/jax-ml/jax/issues/649",
        ("SCN208",),
        _src("""
            from jax import lax


            def reset_after(n):
                def body(state):
                    level, k = state
                    return (0, k + 1)

                return lax.while_loop(lambda s: s[1] < n, body, (33.0, 4))


            out = reset_after(10)
            """),
        _src("""
            from jax import lax


            def reset_after(n):
                def body(state):
                    level, k = state
                    return (0.0, k + 1)

                return lax.while_loop(lambda s: s[1] < n, body, (33.0, 4))


            out = reset_after(10)
            """),
        raises=TYPES,
        note="a loop that returns a constant for a slot (the thread's `(7, b + 1)`), here an "
             "int literal for a float slot: a lower kind than the weakly typed `33.0`"),

    # -- SCN301: Python loops unrolled under jit ---------------------------------------------
    Case(
        "c301-stochastic-vol-default-steps",
        "https://github.com/QuantEcon/lecture-jax/pull/249",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp


            def call_price(key, s0=1.0, h0=0.0, n=25, m=64, mu=0.01, rho=0.9, nu=0.1):
                s = jnp.full(m, s0)
                h = jnp.full(m, h0)
                for t in range(n):
                    key, subkey = jax.random.split(key)
                    z = jax.random.normal(subkey, (2, m))
                    s = s + mu + jnp.exp(h) * z[0, :]
                    h = rho * h + nu * z[1, :]
                return jnp.mean(jnp.maximum(jnp.exp(s) - 1.0, 0.0))


            price = jax.jit(call_price)
            hlo = price.lower(jax.random.key(0)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            def call_price(key, s0=1.0, h0=0.0, n=25, m=64, mu=0.01, rho=0.9, nu=0.1):
                s = jnp.full(m, s0)
                h = jnp.full(m, h0)

                def update(t, state):
                    s, h, key = state
                    key, subkey = jax.random.split(key)
                    z = jax.random.normal(subkey, (2, m))
                    s = s + mu + jnp.exp(h) * z[0, :]
                    h = rho * h + nu * z[1, :]
                    return s, h, key

                s, h, key = jax.lax.fori_loop(0, n, update, (s, h, key))
                return jnp.mean(jnp.maximum(jnp.exp(s) - 1.0, 0.0))


            price = jax.jit(call_price)
            hlo = price.lower(jax.random.key(0)).as_text()
            """),
        symptom="hlo.count('stablehlo.exponential') >= 25",
        note="`range(n)` of a parameter default (`n=25`) in a function jitted at module level "
             "(`price = jax.jit(call_price)`), a PRNG key split each trip"),
    Case(
        "c301-recursion-fills-row-module-const",
        "https://github.com/astro-informatics/s2fft/pull/95",
        ("SCN301",),
        _src("""
            from functools import partial

            import jax
            import jax.numpy as jnp

            L = 32


            @partial(jax.jit, static_argnums=())
            def legendre_row(x):
                p = jnp.zeros(L).at[0].set(1.0).at[1].set(x)
                for el in range(2, L):
                    nxt = ((2 * el - 1) * x * p[el - 1] - (el - 1) * p[el - 2]) / el
                    p = p.at[el].set(jnp.cos(0.0 * nxt) * nxt)
                return p


            hlo = legendre_row.lower(0.3).as_text()
            """),
        _src("""
            from functools import partial

            import jax
            import jax.numpy as jnp

            L = 32


            @partial(jax.jit, static_argnums=())
            def legendre_row(x):
                p = jnp.zeros(L).at[0].set(1.0).at[1].set(x)

                def step(el, p):
                    nxt = ((2 * el - 1) * x * p[el - 1] - (el - 1) * p[el - 2]) / el
                    return p.at[el].set(jnp.cos(0.0 * nxt) * nxt)

                return jax.lax.fori_loop(2, L, step, p)


            hlo = legendre_row.lower(0.3).as_text()
            """),
        symptom="hlo.count('stablehlo.cosine') >= 30",
        note="a three-term recursion written into a preallocated row with `.at[el].set`, "
             "`range(2, L)` of a module constant, under `@partial(jax.jit, ...)`"),

    # -- none: no rule's documented scope claims these ---------------------------------------
    Case(
        "c000-dict-of-parameters-looped-under-jit",
        "https://github.com/liesel-devs/liesel/issues/205",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            NAMES = [f"beta_{k}" for k in range(40)]


            @jax.jit
            def update_state(state, position):
                new = dict(state)
                for name, value in position.items():
                    new[name] = jnp.tanh(state[name] + value)
                return new


            state = {n: jnp.zeros(3) for n in NAMES}
            position = {n: jnp.ones(3) for n in NAMES}
            hlo = update_state.lower(state, position).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            NAMES = [f"beta_{k}" for k in range(40)]


            @jax.jit
            def update_state(state, position):
                stacked = jnp.stack([state[n] for n in NAMES])
                moved = jnp.stack([position[n] for n in NAMES])
                out = jnp.tanh(stacked + moved)
                return {n: out[k] for k, n in enumerate(NAMES)}


            state = {n: jnp.zeros(3) for n in NAMES}
            position = {n: jnp.ones(3) for n in NAMES}
            hlo = update_state.lower(state, position).as_text()
            """),
        symptom="hlo.count('stablehlo.tanh') >= 40",
        note="a loop over a dict's items under jit (SCN301 leaves loops over dicts alone: "
             "they must be unrolled); vectorised in the look-alike"),
    Case(
        "c000-function-leaf-in-carry-record",
        "https://github.com/patrick-kidger/equinox/issues/446",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp


            @jax.tree_util.register_pytree_node_class
            class Layer:
                def __init__(self, w, activation):
                    self.w = w
                    self.activation = activation

                def tree_flatten(self):
                    return (self.w, self.activation), None

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(*children)


            def train(layer, xs):
                def step(layer, x):
                    y = layer.activation(layer.w @ x)
                    return Layer(layer.w - 0.01 * jnp.outer(y, x), layer.activation), y.sum()
                return jax.lax.scan(step, layer, xs)


            out = train(Layer(jnp.eye(3), jnp.tanh), jnp.ones((4, 3)))
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            @jax.tree_util.register_pytree_node_class
            class Layer:
                def __init__(self, w, activation):
                    self.w = w
                    self.activation = activation

                def tree_flatten(self):
                    return (self.w,), self.activation

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(*children, aux)


            def train(layer, xs):
                def step(layer, x):
                    y = layer.activation(layer.w @ x)
                    return Layer(layer.w - 0.01 * jnp.outer(y, x), layer.activation), y.sum()
                return jax.lax.scan(step, layer, xs)


            out = train(Layer(jnp.eye(3), jnp.tanh), jnp.ones((4, 3)))
            """),
        raises="is not a valid JAX type",
        note="a custom pytree class as the carry that flattens its activation function as a "
             "child; the thread uses an equinox MLP (its activation is the leaf)"),
    Case(
        "c000-partial-binds-leading-param-by-keyword",
        "https://github.com/jax-ml/jax/issues/17615",
        ("none",),
        _src("""
            from functools import partial

            import jax.numpy as jnp
            from jax import lax


            def block(masked, k, acc):
                w = jnp.where(masked & (k > 2), 0.0, 1.0)
                return acc + w * k


            def attend(masked):
                return lax.fori_loop(0, 5, partial(block, masked=masked), jnp.float32(0.0))


            out = attend(True)
            """),
        _src("""
            from functools import partial

            import jax.numpy as jnp
            from jax import lax


            def block(k, acc, masked):
                w = jnp.where(masked & (k > 2), 0.0, 1.0)
                return acc + w * k


            def attend(masked):
                return lax.fori_loop(0, 5, partial(block, masked=masked), jnp.float32(0.0))


            out = attend(True)
            """),
        raises="got multiple values for argument 'masked'",
        note="a `fori_loop` body made by `functools.partial` binding its first parameter by "
             "keyword, so the loop's index lands on it too"),
    Case(
        "c208-int-counter-halved-in-while",
        "https://github.com/jax-ml/jax/issues/2004",
        ("SCN208",),
        _src("""
            import jax.numpy as jnp
            from jax import lax


            def settle(state0):
                def cond(d):
                    return d[0] < 4

                def body(d):
                    level, x = d
                    return level * 3 / 2 + 1, x ** 2

                return lax.while_loop(cond, body, state0)


            out = settle((jnp.int32(0), jnp.float32(0.5)))
            """),
        _src("""
            import jax.numpy as jnp
            from jax import lax


            def settle(state0):
                def cond(d):
                    return d[0] < 4

                def body(d):
                    level, x = d
                    return level * 3 // 2 + 1, x ** 2

                return lax.while_loop(cond, body, state0)


            out = settle((jnp.int32(0), jnp.float32(0.5)))
            """),
        raises=TYPES,
        note="an int32 slot of a `while_loop` tuple made float by `/`, the init built by the "
             "caller; the thread's promotion (`** 2` to float64) needs x64"),
    Case(
        "c301-subspace-sgd-steps-default",
        "https://github.com/probml/pyprobml/pull/649",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp


            def loss(z, proj, x, y):
                w = proj @ z
                return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


            @jax.jit
            def subspace_learning(z, proj, x, y, lr=0.1, n_steps=30):
                for _ in range(n_steps):
                    z = z - lr * jax.grad(loss)(z, proj, x, y)
                return z


            args = (jnp.zeros(4), jnp.ones((8, 4)) * 0.1, jnp.ones((16, 8)), jnp.zeros(16))
            hlo = subspace_learning.lower(*args).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            def loss(z, proj, x, y):
                w = proj @ z
                return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


            @jax.jit
            def subspace_learning(z, proj, x, y, lr=0.1, n_steps=30):
                def step(_, z):
                    return z - lr * jax.grad(loss)(z, proj, x, y)
                return jax.lax.fori_loop(0, n_steps, step, z)


            args = (jnp.zeros(4), jnp.ones((8, 4)) * 0.1, jnp.ones((16, 8)), jnp.zeros(16))
            hlo = subspace_learning.lower(*args).as_text()
            """),
        symptom="hlo.count('stablehlo.tanh') >= 30",
        note="gradient steps in a `@jax.jit` function, `range(n_steps)` of a parameter "
             "default, a `grad` of a module-level loss in the body; the PR replaces the loop "
             "with `lax.scan` (whether its loop ran under jit is not shown here)"),
    Case(
        "c301-comprehension-of-knots-stacked",
        "https://github.com/OpenSCvx/OpenSCvx/issues/340",
        ("SCN301",),
        _src("""
            import jax
            import jax.numpy as jnp

            N_NODES = 40


            def propagate(x, k):
                return jnp.sin(x * (k + 1)) + 0.5 * x


            @jax.jit
            def trajectory(x0):
                return jnp.stack([propagate(x0, k) for k in range(N_NODES)])


            hlo = trajectory.lower(jnp.ones(6)).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            N_NODES = 40


            def propagate(x, k):
                return jnp.sin(x * (k + 1)) + 0.5 * x


            @jax.jit
            def trajectory(x0):
                return jax.lax.map(lambda k: propagate(x0, k), jnp.arange(N_NODES))


            hlo = trajectory.lower(jnp.ones(6)).as_text()
            """),
        symptom="hlo.count('stablehlo.sine') >= 40",
        note="a list comprehension over `range` of a module constant, stacked, under "
             "`@jax.jit`; the issue asks to replace such loops with `lax.scan`"),
    Case(
        "c000-gate-list-applied-under-jit",
        "https://github.com/pasqal-io/horqrux/issues/19",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp

            GATES = [jnp.array([[jnp.cos(t), -jnp.sin(t)], [jnp.sin(t), jnp.cos(t)]])
                     for t in jnp.linspace(0.0, 1.0, 30)]


            @jax.jit
            def run_circuit(state, gates):
                for gate in gates:
                    state = jnp.tanh(gate @ state)
                return state


            hlo = run_circuit.lower(jnp.array([1.0, 0.0]), GATES).as_text()
            """),
        _src("""
            import jax
            import jax.numpy as jnp

            GATES = [jnp.array([[jnp.cos(t), -jnp.sin(t)], [jnp.sin(t), jnp.cos(t)]])
                     for t in jnp.linspace(0.0, 1.0, 30)]


            @jax.jit
            def run_circuit(state, gates):
                def apply(state, gate):
                    return jnp.tanh(gate @ state), None
                return jax.lax.scan(apply, state, jnp.stack(gates))[0]


            hlo = run_circuit.lower(jnp.array([1.0, 0.0]), GATES).as_text()
            """),
        symptom="hlo.count('stablehlo.tanh') >= 30",
        note="a loop over a list of gate matrices under jit (SCN301 leaves loops over lists "
             "alone); stacked and scanned in the look-alike"),
    Case(
        "c000-dict-carry-holds-activation",
        "https://github.com/patrick-kidger/equinox/issues/709",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp


            def shift_kernel(kernel, offsets):
                def transform(kernel, offset):
                    new = {"w": kernel["w"], "b": kernel["b"] + offset, "act": kernel["act"]}
                    return new, new["act"](new["b"]).sum()
                return jax.lax.scan(transform, kernel, offsets)


            kernel = {"w": jnp.eye(2), "b": jnp.zeros(2), "act": jax.nn.softplus}
            out = shift_kernel(kernel, jnp.ones((10, 2)))
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            def shift_kernel(kernel, offsets, act):
                def transform(kernel, offset):
                    new = {"w": kernel["w"], "b": kernel["b"] + offset}
                    return new, act(new["b"]).sum()
                return jax.lax.scan(transform, kernel, offsets)


            kernel = {"w": jnp.eye(2), "b": jnp.zeros(2)}
            out = shift_kernel(kernel, jnp.ones((10, 2)), jax.nn.softplus)
            """),
        raises="is not a valid JAX type",
        note="a dict carry holding a function beside its arrays; the thread's carry is an "
             "equinox Module with function fields"),
    Case(
        "c000-empty-xs-missing-pair-axis",
        "https://github.com/jax-ml/jax/pull/11810",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp


            def weighted_sum(pairs):
                def body(total, pair):
                    value, weight = pair
                    return total + value * weight, None
                return jax.lax.scan(body, 0.0, pairs)[0]


            out = weighted_sum(jnp.array([]))
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            def weighted_sum(pairs):
                def body(total, pair):
                    value, weight = pair
                    return total + value * weight, None
                return jax.lax.scan(body, 0.0, pairs)[0]


            out = weighted_sum(jnp.zeros((0, 2)))
            """),
        raises="iteration over a 0-d array",
        note="an empty `xs` built without its pair axis, so the body unpacks a 0-d slice "
             "(the body unpacks `x`, not the carry)"),
    Case(
        "c000-list-of-step-arrays-as-xs",
        "https://github.com/jax-ml/jax/issues/763",
        ("none",),
        _src("""
            import jax
            import jax.numpy as jnp


            def drive(x0, inputs):
                def step(x, u):
                    x = 0.5 * x + sum(u)
                    return x, x
                return jax.lax.scan(step, x0, inputs)


            steps = [jnp.full(5, 1.0), jnp.full(5, 2.0), jnp.full(5, 3.0)]
            final, ys = drive(jnp.zeros(5), steps)
            """),
        _src("""
            import jax
            import jax.numpy as jnp


            def drive(x0, inputs):
                def step(x, u):
                    x = 0.5 * x + u
                    return x, x
                return jax.lax.scan(step, x0, inputs)


            steps = [jnp.full(5, 1.0), jnp.full(5, 2.0), jnp.full(5, 3.0)]
            final, ys = drive(jnp.zeros(5), jnp.stack(steps))
            """),
        symptom="ys.shape[0] != 3",
        note="a Python list of per-step arrays passed as `xs`: scan takes it as a pytree of "
             "three leaves and runs five steps, not three (the thread asks how a tuple `xs` "
             "is scanned)"),
    Case(
        "c000-fori-bounds-of-mixed-int-dtypes",
        "https://github.com/jax-ml/jax/pull/13494",
        ("none",),
        _src("""
            import jax.numpy as jnp
            import numpy as np
            from jax import lax

            N_BLOCKS = np.int16(10)


            def accumulate(start):
                return lax.fori_loop(start, N_BLOCKS, lambda i, acc: acc + i * 0.5, 0.0)


            out = accumulate(jnp.int32(0))
            """),
        _src("""
            import jax.numpy as jnp
            import numpy as np
            from jax import lax

            N_BLOCKS = np.int16(10)


            def accumulate(start):
                return lax.fori_loop(start, jnp.int32(N_BLOCKS), lambda i, acc: acc + i * 0.5,
                                     0.0)


            out = accumulate(jnp.int32(0))
            """),
        raises="lower and upper arguments to fori_loop must have equal types",
        note="`fori_loop` bounds of two integer dtypes (an int32 start, an int16 module "
             "constant); the PR relaxed only Python-scalar bounds"),
]
