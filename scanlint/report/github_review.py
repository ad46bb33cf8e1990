"""The JSON body of GitHub's "create a review" call: one comment per finding, with the fix
as a ```suggestion block covering whole lines (what GitHub's suggestions replace).

A notebook's comment is on the lines of its stored JSON, and its suggestion replaces those
JSON lines (GitHub reviews the file as stored); the body says which cell and line.
"""

from __future__ import annotations

import json
import re

from scanlint.core.diagnostic import Diagnostic, LineIndex, apply_edits
from scanlint.report import ReportContext

NAME = "github-review"


def fence(text: str) -> str:
    """A backtick fence longer than any backtick run inside ``text``."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def suggestion(d: Diagnostic, ctx: ReportContext) -> tuple[int, int, str] | None:
    """(first line, last line, replacement) for the fix, widened to the whole lines its
    edits touch (a fix with several edits becomes one suggestion spanning them)."""
    if d.path not in ctx.sources:
        return None
    edits = list(ctx.file_edits(d))
    if not edits:
        return None
    text = ctx.file_text(d.path)
    first = min(e.start.line for e in edits)
    last = max(e.end.line - 1 if e.end.column == 0 and e.end.line > e.start.line
               else e.end.line for e in edits)
    index = LineIndex(text)
    start = index.starts[first - 1]
    end = min(index.starts[last - 1] + len(index.line_text(last)), len(text))
    fixed = apply_edits(text, edits)
    return first, last, fixed[start:end + len(fixed) - len(text)]


def comment(d: Diagnostic, ctx: ReportContext) -> dict:
    body = f"**{d.code}** {d.message}{ctx.cell_note(d)}"
    first, last = ctx.file_position(d.path, d.start).line, ctx.file_position(d.path, d.end).line
    proposed = suggestion(d, ctx)
    if proposed is not None:
        first, last, text = proposed
        marker = fence(text)
        kind = "" if d.fix.applicability == "safe" else " (unsafe: check the result)"
        body += f"\n\n{d.fix.message}{kind}:\n\n{marker}suggestion\n{text}\n{marker}"
    out = {"path": ctx.repo_path(d.path), "line": last, "side": "RIGHT", "body": body}
    if first != last:
        out.update({"start_line": first, "start_side": "RIGHT"})
    return out


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    review = {
        "event": "COMMENT",
        "body": f"scanlint found {len(diagnostics)} issue{'s' if len(diagnostics) != 1 else ''}.",
        "comments": [comment(d, ctx) for d in diagnostics],
    }
    return json.dumps(review, indent=2, ensure_ascii=False) + "\n"
