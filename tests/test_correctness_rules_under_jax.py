"""SCN201-203 and SCN208 predict a trace-time error: run each rule's invalid cases under JAX
and check that JAX really raises what the rule says, and that its valid cases do not, so the
rules stay honest as JAX changes. Every case runs in one subprocess (tests/jax_runner.py)."""

from __future__ import annotations

import pytest

from jax_runner import run_snippets
from releases import installed_meets
from scanlint.rules import all_rules, rule_by_code

pytest.importorskip("jax")

PREDICTING = [rule for rule in all_rules() if getattr(rule, "JAX_ERROR", None)]
INVALID = [(rule, i, case) for rule in PREDICTING for i, case in enumerate(rule.INVALID)]
VALID = [(rule, i, case if isinstance(case, str) else case.code)
         for rule in PREDICTING for i, case in enumerate(rule.VALID)]


@pytest.fixture(scope="module")
def outcomes():
    snippets = [{"id": f"{r.CODE}-invalid-{i}", "code": c.code} for r, i, c in INVALID]
    snippets += [{"id": f"{r.CODE}-valid-{i}", "code": code} for r, i, code in VALID]
    return run_snippets(snippets)


def test_every_predicting_rule_is_covered():
    assert {rule.CODE for rule in PREDICTING} == {"SCN201", "SCN202", "SCN203", "SCN208", "SCN210",
                                                  "SCN211", "SCN212", "SCN214", "SCN219", "SCN220",
                                                  "SCN225"}


@pytest.mark.parametrize("rule,index,case", INVALID,
                         ids=[f"{r.CODE}-invalid-{i}" for r, i, _ in INVALID])
def test_jax_raises_what_the_rule_predicts(outcomes, rule, index, case):
    outcome = outcomes[f"{rule.CODE}-invalid-{index}"]
    assert outcome["error"] is not None, f"JAX accepted the invalid case:\n{case.code}"
    assert expected_error(case.jax_error or rule.JAX_ERROR) in outcome["message"], outcome


def expected_error(text: str | dict[str, str]) -> str:
    """The error text for the releases installed here: the one entry of a case's
    {requirement: text} whose requirement they meet (jax's and flax's messages change)."""
    if isinstance(text, str):
        return text
    met = [value for requirement, value in text.items() if installed_meets(requirement)]
    assert len(met) == 1, f"the installed releases meet {len(met)} of {list(text)}"
    return met[0]


@pytest.mark.parametrize("rule,index,code", VALID, ids=[f"{r.CODE}-valid-{i}" for r, i, _ in VALID])
def test_valid_cases_run(outcomes, rule, index, code):
    """A valid case runs; one that calls a helper it does not define may only fail on that."""
    outcome = outcomes[f"{rule.CODE}-valid-{index}"]
    assert outcome["error"] in (None, "NameError"), (outcome, code)
    assert rule.JAX_ERROR not in outcome["message"]


# SCN209 says every step of the loop draws the same numbers, SCN213 every iteration of a
# Python loop: each of their cases stores the draws of every step in `draws` (one row per
# step). A valid case marked "same on purpose" draws the same numbers deliberately (a key
# shared across a collection's items), which the rule leaves alone. SCN215 says two draws
# from one key read the same bits: each of its cases binds `first` and `second` to two
# draws, equal in the invalid cases and not in the valid ones. SCN216 says every member of a
# `vmap` draws the same numbers: its cases bind `draws` to the batch (one row per member).
# SCN217 says a function given different keys draws the same numbers: `first` and `second`
# are two calls of it with two keys. SCN218 says a jitted function draws the same numbers at
# every call: `first` and `second` are two calls of it.
STEPS_SAME = "bool((draws[0] == draws[1]).all())"
PAIR_SAME = "bool((first == second).all())"
KEY_CASES = [(f"{code}-invalid-{i}", case.code, STEPS_SAME, True)
             for code in ("SCN209", "SCN213")
             for i, case in enumerate(rule_by_code(code).INVALID)] + [
    (f"{code}-valid-{i}", case, STEPS_SAME, "same on purpose" in case)
    for code in ("SCN209", "SCN213") for i, case in enumerate(rule_by_code(code).VALID)] + [
    (f"SCN215-invalid-{i}", case.code, PAIR_SAME, True)
    for i, case in enumerate(rule_by_code("SCN215").INVALID)] + [
    (f"SCN215-valid-{i}", case, PAIR_SAME, False)
    for i, case in enumerate(rule_by_code("SCN215").VALID)] + [
    (f"SCN216-invalid-{i}", case.code, STEPS_SAME, True)
    for i, case in enumerate(rule_by_code("SCN216").INVALID)] + [
    (f"SCN216-valid-{i}", case, STEPS_SAME, False)
    for i, case in enumerate(rule_by_code("SCN216").VALID)] + [
    (f"SCN217-invalid-{i}", case.code, PAIR_SAME, True)
    for i, case in enumerate(rule_by_code("SCN217").INVALID)] + [
    (f"SCN217-valid-{i}", case, PAIR_SAME, False)
    for i, case in enumerate(rule_by_code("SCN217").VALID)] + [
    (f"SCN218-invalid-{i}", case.code, PAIR_SAME, True)
    for i, case in enumerate(rule_by_code("SCN218").INVALID)] + [
    (f"SCN218-valid-{i}", case, PAIR_SAME, False)
    for i, case in enumerate(rule_by_code("SCN218").VALID)]


@pytest.fixture(scope="module")
def draws():
    return run_snippets([{"id": name, "code": code, "symptom": symptom}
                         for name, code, symptom, _ in KEY_CASES])


@pytest.mark.parametrize("name,code,symptom,same", KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_reused_key_draws_the_same_numbers(draws, name, code, symptom, same):
    outcome = draws[name]
    assert outcome["error"] is None, (outcome, code)
    assert outcome["symptom"] is same, (symptom, code)


# SCN207 says JAX captures a module-level array's value when it traces: reassigning the name
# afterwards changes nothing for a jitted wrapper or a module-level body (scan caches its trace).
CAPTURED = """import jax
import jax.numpy as jnp
W = jnp.ones((40, 40)) * 0.01
project_j = jax.jit(lambda v: W @ v)
def step(c, x):
    return jnp.tanh({project} + x), c
def run(xs):
    body = step if {module_body} else (lambda c, x: step(c, x))
    return jax.lax.scan(body, jnp.zeros(40), xs)[0]
xs = jnp.ones((3, 40))
before = run(xs)
W = W * 2
after = run(xs)
"""
CAPTURE_CASES = {
    "jitted-wrapper": ("project_j(c)", True, True),
    "module-level-body": ("W @ c", True, True),
    "body-made-per-call": ("W @ c", False, False),  # a new lambda each call: traced anew
}


@pytest.fixture(scope="module")
def captured():
    return run_snippets([{"id": name, "code": CAPTURED.format(project=p, module_body=m),
                          "symptom": "bool((before == after).all())"}
                         for name, (p, m, _) in CAPTURE_CASES.items()])


@pytest.mark.parametrize("name", CAPTURE_CASES)
def test_jax_captures_a_closed_over_module_array(captured, name):
    outcome = captured[name]
    assert outcome["error"] is None, outcome
    assert outcome["symptom"] is CAPTURE_CASES[name][2]


# SCN221 says a jitted method's own attributes do not follow its calls: each invalid case
# binds `before` and `after`, an attribute or a result around a later call (or a change the
# class makes): `after` is a leaked tracer, or equal to `before` though the Python reads as
# if it moved on. SCN222 says every iteration of a loop starts from the state made before
# it: each invalid case binds `first` and `second`, what the first and the last iteration
# computed from the state, and they are equal. SCN223 says an indexed update thrown away
# leaves the array unchanged: `before` and `after` are equal. SCN224 says a step returns the
# state it was given: `first` and `second`, the states two steps return, are equal.
STALE = ("isinstance(after, jax.core.Tracer) or bool(jax.numpy.all("
         "jax.numpy.asarray(before) == jax.numpy.asarray(after)))")
STATE_CASES = [(f"SCN221-invalid-{i}", case.code, STALE)
               for i, case in enumerate(rule_by_code("SCN221").INVALID)] + [
    (f"SCN222-invalid-{i}", case.code, PAIR_SAME)
    for i, case in enumerate(rule_by_code("SCN222").INVALID)] + [
    (f"SCN223-invalid-{i}", case.code, "bool(jax.numpy.all(before == after))")
    for i, case in enumerate(rule_by_code("SCN223").INVALID)] + [
    (f"SCN224-invalid-{i}", case.code, PAIR_SAME)
    for i, case in enumerate(rule_by_code("SCN224").INVALID)]


@pytest.fixture(scope="module")
def object_states():
    return run_snippets([{"id": name, "code": code, "symptom": symptom}
                         for name, code, symptom in STATE_CASES])


@pytest.mark.parametrize("name,code,symptom", STATE_CASES, ids=[c[0] for c in STATE_CASES])
def test_state_is_stale_or_leaked(object_states, name, code, symptom):
    outcome = object_states[name]
    assert outcome["error"] is None, (outcome, code)
    assert outcome["symptom"] is True, code
