"""A fix never moves a Python effect into a traced body (`scanlint/fixes/effects.py`).

Hypothesis writes a jitted function whose Python `for` loop mixes array arithmetic with Python
effects (`next()` on a generator, appends to an outer list, `print` and an alias of it, a
helper of the file that appends or bumps a `global`, a method that counts its calls, NumPy's
and Python's RNGs), applies SCN301's fix (unsafe), runs the original and the fixed module
under JAX in fresh namespaces, and compares what each computed and every effect it left
(the lists, the counters, what was printed). A body without effects must be rolled and
compute the same; a body with one must be left as it is, its message saying why.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, fix_text

np = pytest.importorskip("numpy")
jax = pytest.importorskip("jax")

ROLL = Settings(select=("SCN301",))
STEPS = 10
HEADER = """import itertools
import random

import jax
import jax.numpy as jnp
import numpy as np

random.seed(0)
np.random.seed(0)
RNG = np.random.default_rng(0)
LOG = []
STEPS_SEEN = 0
say = print


def schedule():
    rate = 0.0
    while True:
        rate += 0.1
        yield rate


RATES = schedule()


def note(v):
    LOG.append(v)


def bump():
    global STEPS_SEEN
    STEPS_SEEN += 1


class Tally:
    def __init__(self):
        self.n = 0

    def tick(self, v):
        self.n += 1
        return v


TALLY = Tally()
"""
# Statements that compute arrays and nothing else.
PURE = ["x = x * 0.5 + i", "x = jnp.sin(x) + 0.25", "x = x - jnp.float32(0.125) * x"]
# Python effects, each visible in the result or in the state the module keeps.
EFFECTS = ["x = x + next(RATES)", "LOG.append(x)", "print(x)", "say(x)", "note(x)", "bump()",
           "x = TALLY.tick(x)", "x = x + RNG.normal()", "x = x + random.random()",
           "x = x + np.random.normal()"]


def module(body: list[str], stacked: bool) -> str:
    lines = [f"        {s}" for s in body] + (["        hs.append(x)"] if stacked else [])
    result = "x, jnp.stack(hs)" if stacked else "x"
    return (HEADER + "\n\n@jax.jit\ndef run(x):\n" + ("    hs = []\n" if stacked else "")
            + f"    for i in range({STEPS}):\n" + "\n".join(lines) + f"\n    return {result}\n")


def run(source: str) -> tuple:
    """What the module's `run` returns, and the effects it left: the outer list's length,
    the counters, the lines printed."""
    namespace: dict = {"__name__": "generated"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(source, "generated.py", "exec"), namespace)
        out = namespace["run"](jnp_array())
    leaves = [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(out)]
    state = (len(namespace["LOG"]), namespace["STEPS_SEEN"], namespace["TALLY"].n,
             len(printed.getvalue().splitlines()))
    return leaves, state


def jnp_array():
    return jax.numpy.linspace(0.0, 1.0, 4, dtype="float32")


body_statements = st.lists(st.sampled_from(PURE), min_size=1, max_size=3).flatmap(
    lambda pure: st.lists(st.sampled_from(EFFECTS), max_size=2).flatmap(
        lambda effects: st.permutations(pure + effects)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=body_statements, stacked=st.booleans())
def test_rolled_loop_computes_the_same_or_is_left_unrolled(body, stacked):
    source = module(body, stacked)
    fixed = fix_text(source, "generated.py", ROLL, unsafe=True).text
    has_effect = any(s in EFFECTS for s in body)
    if has_effect:
        assert fixed == source, "a loop with a Python effect was rolled"
        found = check_text(source, "generated.py", ROLL)
        assert found and all("(no automatic fix: " in d.message for d in found), found
        return
    assert fixed != source, "an effect-free loop was not rolled"
    (before, before_state), (after, after_state) = run(source), run(fixed)
    assert after_state == before_state
    assert len(after) == len(before)
    for old, new in zip(before, after):
        # Rolling may change the last bit where XLA fuses multiply-adds differently.
        np.testing.assert_allclose(new, old, rtol=1e-6, atol=1e-6)


def test_an_effect_rolled_would_have_changed_the_result():
    """The property above is not vacuous: with the refusal bypassed (each effect's loop
    rolled by hand the way the fix writes it), the result or the effects differ."""
    source = module(["x = x * 0.5 + i", "x = x + next(RATES)"], stacked=False)
    rolled = source.replace(
        "    for i in range(10):\n        x = x * 0.5 + i\n        x = x + next(RATES)\n",
        "    def step(i, x):\n        x = x * 0.5 + i\n        x = x + next(RATES)\n"
        "        return x\n    x = jax.lax.fori_loop(0, 10, step, x)\n")
    assert rolled != source
    (before, _), (after, _) = run(source), run(rolled)
    assert not np.allclose(before[0], after[0])


@pytest.mark.parametrize("effect,shown", [
    ("x = x + next(RATES)", "`next(RATES)` on an iterator defined outside the body"),
    ("note(x)", "`note(...)`, which runs `LOG.append(...)`"),
    ("say(x)", "`say(...)`, that is `print(...)`"),
    ("bump()", "`bump(...)`, which rebinds global `STEPS_SEEN`"),
    ("x = TALLY.tick(x)", "`TALLY.tick(...)`, which changes `self.n`"),
    ("x = x + RNG.normal()", "`RNG.normal(...)` (a host random generator"),
])
def test_the_message_says_which_effect_keeps_the_loop_unrolled(effect, shown):
    found = check_text(module(["x = x * 0.5 + i", effect], False), "generated.py", ROLL)
    assert len(found) == 1 and found[0].fix is None
    assert "(no automatic fix: a Python effect in the loop body (" + shown in found[0].message
