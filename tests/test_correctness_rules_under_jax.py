"""SCN201-203 and SCN208 predict a trace-time error: run each rule's invalid cases under JAX
and check that JAX really raises what the rule says, and that its valid cases do not, so the
rules stay honest as JAX changes. Every case runs in one subprocess (tests/jax_runner.py)."""

import pytest

from jax_runner import run_snippets
from scanlint.rules import all_rules

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
    assert {rule.CODE for rule in PREDICTING} == {"SCN201", "SCN202", "SCN203", "SCN208"}


@pytest.mark.parametrize("rule,index,case", INVALID,
                         ids=[f"{r.CODE}-invalid-{i}" for r, i, _ in INVALID])
def test_jax_raises_what_the_rule_predicts(outcomes, rule, index, case):
    outcome = outcomes[f"{rule.CODE}-invalid-{index}"]
    assert outcome["error"] is not None, f"JAX accepted the invalid case:\n{case.code}"
    assert (case.jax_error or rule.JAX_ERROR) in outcome["message"], outcome


@pytest.mark.parametrize("rule,index,code", VALID, ids=[f"{r.CODE}-valid-{i}" for r, i, _ in VALID])
def test_valid_cases_run(outcomes, rule, index, code):
    """A valid case runs; one that calls a helper it does not define may only fail on that."""
    outcome = outcomes[f"{rule.CODE}-valid-{index}"]
    assert outcome["error"] in (None, "NameError"), (outcome, code)
    assert rule.JAX_ERROR not in outcome["message"]
