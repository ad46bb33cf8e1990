"""reviewdog's rdjson: one document (lines 1-based, columns 1-based in UTF-8 bytes)."""

from __future__ import annotations

import json

from scanlint import DOCS_URL
from scanlint.diagnostic import Diagnostic, Position
from scanlint.report import ReportContext, severity

NAME = "rdjson"
SOURCE = {"name": "scanlint", "url": DOCS_URL}


def position(ctx: ReportContext, path: str, at: Position) -> dict:
    return {"line": at.line, "column": ctx.utf8_column(path, at.line, at.column)}


def diagnostic(d: Diagnostic, ctx: ReportContext) -> dict:
    out = {
        "message": d.message,
        "location": {"path": ctx.repo_path(d.path), "range": {
            "start": position(ctx, d.path, d.start), "end": position(ctx, d.path, d.end)}},
        "severity": severity(d).upper(),
        "source": SOURCE,
        "code": {"value": d.code, "url": f"{DOCS_URL}#{d.code.lower()}"},
    }
    if d.fix is not None and (d.fix.applicability == "safe" or ctx.unsafe_fixes):
        out["suggestions"] = [{"range": {"start": position(ctx, d.path, e.start),
                                         "end": position(ctx, d.path, e.end)},
                               "text": e.content} for e in d.fix.edits]
    return out


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    document = {"source": SOURCE, "severity": "WARNING",
                "diagnostics": [diagnostic(d, ctx) for d in diagnostics]}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
