"""Rule documentation from the rules' docstrings: `scanlint rule` and docs/rules.md."""

from __future__ import annotations

from scanlint.core.severity import severity
from scanlint.rules import FAMILIES, Rule, all_rules


def rule_markdown(rule: type[Rule], level: int = 1) -> str:
    heading = "#" * level
    body = rule.doc().replace("\n## ", "\n" + "#" * (level + 1) + " ")
    if body.startswith("## "):
        body = "#" * (level + 1) + body[2:]
    message = getattr(rule, "MESSAGE", "")
    preview = ("In preview: runs only with `--preview` (or `preview = true`); its precision on "
               "real code is not yet measured.\n\n" if rule.PREVIEW else "")
    return f"{heading} {rule.CODE} {rule.NAME}\n\nMessage: `{message}`\n\n{preview}{body}\n"


def rules_markdown() -> str:
    """The whole rule reference, as committed in docs/rules.md."""
    parts = [
        "# Rule reference\n\n",
        "Generated from the rules' docstrings by `scanlint rule --all`; do not edit by hand.\n\n",
        "| Family | Severity | What |\n|---|---|---|\n",
        *(f"| {codes} | {severity(codes)} | {what} |\n" for codes, what in FAMILIES),
        "\n| Code | Name | Fix | Message |\n|---|---|---|---|\n",
    ]
    for rule in all_rules():
        fixable = "yes" if any(c.fixed for c in rule.INVALID) else "no"
        message = rule.MESSAGE.replace("|", "\\|")
        name = f"{rule.NAME} (preview)" if rule.PREVIEW else rule.NAME
        parts.append(f"| {rule.CODE} | {name} | {fixable} | `{message}` |\n")
    parts.append("\n")
    for rule in all_rules():
        parts.append(rule_markdown(rule, level=2) + "\n")
    return "".join(parts)
