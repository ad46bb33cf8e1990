"""Every rule's own valid and invalid cases, with the fixes they must produce."""

import sys
from pathlib import Path

import libcst as cst
import pytest

from scanlint.core.settings import Settings
from scanlint.engine.check import check_text, fix_text
from scanlint.rules import Valid, all_rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from fix_pycodestyle import style_counts  # noqa: E402

RULES = [r for r in all_rules() if not r.SYSTEM]
VALID = [(r.CODE, i, v) for r in RULES for i, v in enumerate(r.VALID)]
INVALID = [(r.CODE, i, case) for r in RULES for i, case in enumerate(r.INVALID)]


def settings_for(code: str, extra: dict) -> Settings:
    """The rule alone (a rule in preview with preview on)."""
    preview = next(r.PREVIEW for r in RULES if r.CODE == code)
    return Settings(**{"select": (code,), "preview": preview, **extra})


@pytest.mark.parametrize("code,index,case", VALID, ids=[f"{c}-valid-{i}" for c, i, _ in VALID])
def test_valid_case_reports_nothing(code, index, case):
    source, extra = (case.code, case.settings) if isinstance(case, Valid) else (case, {})
    assert check_text(source, "case.py", settings_for(code, extra)) == []


@pytest.mark.parametrize("code,index,case", INVALID, ids=[f"{c}-invalid-{i}" for c, i, _ in INVALID])
def test_invalid_case_is_reported_and_fixed(code, index, case):
    settings = settings_for(code, case.settings)
    found = check_text(case.code, "case.py", settings)
    assert [d.code for d in found] == [code] * case.count
    if case.fixed is None:
        assert all(d.fix is None for d in found)
        return
    if case.unsafe:
        assert fix_text(case.code, "case.py", settings, unsafe=False).text == case.code
    outcome = fix_text(case.code, "case.py", settings, unsafe=True)
    assert outcome.text == case.fixed
    cst.parse_module(outcome.text)
    again = fix_text(outcome.text, "case.py", settings, unsafe=True)
    assert again.text == outcome.text and again.applied == 0


def test_every_rule_documents_what_why_example_and_use_instead():
    for rule in all_rules():
        doc = rule.doc()
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead"):
            assert heading in doc, (rule.CODE, heading)


def test_every_checking_rule_has_cases():
    for rule in RULES:
        assert rule.VALID and rule.INVALID, rule.CODE


FIXED = [(code, i, case) for code, i, case in INVALID if case.fixed is not None]


@pytest.mark.parametrize("code,index,case", FIXED, ids=[f"{c}-fixed-{i}" for c, i, _ in FIXED])
def test_fix_adds_no_pycodestyle_finding(code, index, case):
    """A fixed case is as clean under pycodestyle (its default codes, 79 columns) as the
    original: defs written with their blank lines, `a, b` spaced, lines within the limit."""
    before, after = style_counts(case.code, 79), style_counts(case.fixed, 79)
    assert not after - before, (after - before, case.fixed)


FIXING_RULES = {code for code, _, case in INVALID if case.fixed is not None}
UNFIXED = [(code, i, case) for code, i, case in INVALID
           if case.fixed is None and code in FIXING_RULES]


@pytest.mark.parametrize("code,index,case", UNFIXED,
                         ids=[f"{c}-unfixed-{i}" for c, i, _ in UNFIXED])
def test_a_finding_without_a_fix_says_why(code, index, case):
    """A rule that fixes what it can says, on each finding it cannot fix, why not."""
    found = check_text(case.code, "case.py", settings_for(code, case.settings))
    assert found and all("(no automatic fix: " in d.message for d in found), found
