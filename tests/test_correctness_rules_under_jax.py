"""SCN201-203 predict a trace-time error: run each rule's invalid cases under JAX and check
that JAX really raises what the rule says, so the rules stay honest as JAX changes."""

import subprocess
import sys

import pytest

from scanlint.rules import all_rules

pytest.importorskip("jax")

PREDICTING = [rule for rule in all_rules() if getattr(rule, "JAX_ERROR", None)]
CASES = [(rule, i, case) for rule in PREDICTING for i, case in enumerate(rule.INVALID)]


def test_every_predicting_rule_is_covered():
    assert {rule.CODE for rule in PREDICTING} == {"SCN201", "SCN202", "SCN203"}


@pytest.mark.parametrize("rule,index,case", CASES,
                         ids=[f"{r.CODE}-invalid-{i}" for r, i, _ in CASES])
def test_jax_raises_what_the_rule_predicts(rule, index, case):
    result = subprocess.run([sys.executable, "-c", case.code], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode != 0, f"JAX accepted the invalid case:\n{case.code}"
    assert rule.JAX_ERROR in result.stderr, result.stderr[-2000:]


@pytest.mark.parametrize("rule", PREDICTING, ids=[r.CODE for r in PREDICTING])
def test_valid_cases_that_run_do_not_raise_it(rule):
    for case in rule.VALID:
        code = case if isinstance(case, str) else case.code
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=300)
        assert rule.JAX_ERROR not in result.stderr
