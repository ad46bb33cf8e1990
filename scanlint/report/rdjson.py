"""reviewdog's rdjson: one document (lines 1-based, columns 1-based in UTF-8 bytes).

A notebook's positions and suggestions are in its stored JSON (what reviewdog comments on).
"""

from __future__ import annotations

import json

from scanlint import DOCS_URL
from scanlint.core.diagnostic import Diagnostic, Position
from scanlint.report import ReportContext, severity

NAME = "rdjson"
SOURCE = {"name": "scanlint", "url": DOCS_URL}


def position(ctx: ReportContext, path: str, at: Position) -> dict:
    """``at`` in the stored file (already converted for a notebook's code)."""
    return {"line": at.line, "column": ctx.file_utf8_column(path, at)}


def file_range(ctx: ReportContext, path: str, start: Position, end: Position) -> dict:
    return {"start": position(ctx, path, ctx.file_position(path, start)),
            "end": position(ctx, path, ctx.file_position(path, end))}


def diagnostic(d: Diagnostic, ctx: ReportContext) -> dict:
    out = {
        "message": d.message + ctx.cell_note(d),
        "location": {"path": ctx.repo_path(d.path),
                     "range": file_range(ctx, d.path, d.start, d.end)},
        "severity": {"note": "INFO"}.get(severity(d), severity(d).upper()),
        "source": SOURCE,
        "code": {"value": d.code, "url": f"{DOCS_URL}#{d.code.lower()}"},
    }
    edits = ctx.file_edits(d) if ctx.applicable(d) else ()
    if edits:
        out["suggestions"] = [{"range": {"start": position(ctx, d.path, e.start),
                                         "end": position(ctx, d.path, e.end)},
                               "text": e.content} for e in edits]
    return out


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    document = {"source": SOURCE, "severity": "WARNING",
                "diagnostics": [diagnostic(d, ctx) for d in diagnostics]}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
