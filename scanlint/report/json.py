"""JSON shaped like ruff's `--output-format json`, so tools that read ruff's read ours.

Rows and columns are 1-based; columns count characters (code points), as ruff's do.
"""

from __future__ import annotations

import json

from scanlint.diagnostic import Diagnostic, Position
from scanlint.report import ReportContext

NAME = "json"


def location(position: Position) -> dict:
    return {"row": position.line, "column": position.column + 1}


def diagnostic_dict(d: Diagnostic, ctx: ReportContext) -> dict:
    from scanlint.rules import rule_by_code

    fix = None
    if d.fix is not None:
        fix = {
            "applicability": d.fix.applicability,
            "message": d.fix.message,
            "edits": [{"content": e.content, "location": location(e.start),
                       "end_location": location(e.end)} for e in d.fix.edits],
        }
    rule = rule_by_code(d.code)
    return {
        "cell": None,
        "code": d.code,
        "end_location": location(d.end),
        "filename": ctx.absolute_path(d.path),
        "fix": fix,
        "location": location(d.start),
        "message": d.message,
        "noqa_row": d.noqa_line,
        "url": rule_url(rule.CODE, rule.NAME) if rule else None,
    }


def rule_url(code: str, name: str) -> str:
    from scanlint import DOCS_URL

    return f"{DOCS_URL}#{code.lower()}-{name}"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    return json.dumps([diagnostic_dict(d, ctx) for d in diagnostics], indent=2,
                      ensure_ascii=False) + "\n"
