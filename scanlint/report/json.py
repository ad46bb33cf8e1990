"""JSON shaped like ruff's `--output-format json`, so tools that read ruff's read ours.

Rows and columns are 1-based; columns count characters (code points), as ruff's do. In a
notebook, `cell` is the cell's number (1-based over all cells, as ruff counts them) and rows,
`noqa_row` and each edit's rows count lines within the cell (an edit names its own `cell`).
"""

from __future__ import annotations

import json

from scanlint.core.diagnostic import Diagnostic, Edit, Position
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
            "edits": [edit_dict(e, ctx, d.path) for e in d.fix.edits],
        }
    rule = rule_by_code(d.code)
    cell = ctx.cell(d)
    extra = {"verify": ctx.verify[d.path]} if fix is not None and d.path in ctx.verify else {}
    return {
        "cell": cell.number if cell is not None else None,
        "code": d.code,
        "end_location": location(ctx.in_cell(d, d.end)),
        "filename": ctx.absolute_path(d.path),
        "fix": fix,
        "location": location(ctx.in_cell(d, d.start)),
        "message": d.message,
        "noqa_row": ctx.in_cell(d, Position(d.noqa_line, 0)).line if d.noqa_line else 0,
        "url": rule_url(rule.CODE, rule.NAME) if rule else None,
        **extra,
    }


def edit_dict(edit: Edit, ctx: ReportContext, path: str) -> dict:
    notebook = ctx.notebooks.get(path)
    if notebook is None:
        return {"content": edit.content, "location": location(edit.start),
                "end_location": location(edit.end)}
    cell = notebook.code.cell_at(edit.start)
    return {"cell": cell.number, "content": notebook.code.restore(edit.content),
            "location": location(cell.relative(edit.start)),
            "end_location": location(cell.relative(edit.end))}


def rule_url(code: str, name: str) -> str:
    from scanlint import DOCS_URL

    return f"{DOCS_URL}#{code.lower()}-{name}"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    return json.dumps([diagnostic_dict(d, ctx) for d in diagnostics], indent=2,
                      ensure_ascii=False) + "\n"
