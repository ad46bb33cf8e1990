"""docs/rules.md is generated from the rules' docstrings and must not go stale."""

from conftest import ROOT

from scanlint.report.rule_docs import rules_markdown


def test_rules_reference_is_current():
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == rules_markdown(), "run: scanlint rule --all > docs/rules.md"
