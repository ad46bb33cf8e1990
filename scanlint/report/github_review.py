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


def headline(d: Diagnostic, ctx: ReportContext) -> str:
    """The comment's first line: the code in bold, the message, the notebook cell."""
    return f"**{d.code}** {d.message}{ctx.cell_note(d)}"


def fix_label(d: Diagnostic) -> str:
    """What the fix does, and a warning when it is unsafe (the fix must exist)."""
    kind = "" if d.fix.applicability == "safe" else " (unsafe: check the result)"
    return f"{d.fix.message}{kind}"


def code_block(text: str, info: str = "suggestion") -> str:
    """``text`` fenced as a ```suggestion block (or another info string)."""
    marker = fence(text)
    return f"{marker}{info}\n{text}\n{marker}"


def finding_lines(d: Diagnostic, ctx: ReportContext) -> tuple[int, int]:
    """The first and last line of the finding in the stored file."""
    return ctx.file_position(d.path, d.start).line, ctx.file_position(d.path, d.end).line


def comment(d: Diagnostic, ctx: ReportContext) -> dict:
    body = headline(d, ctx)
    first, last = finding_lines(d, ctx)
    proposed = suggestion(d, ctx)
    if proposed is not None:
        first, last, text = proposed
        body += f"\n\n{fix_label(d)}:\n\n{code_block(text)}"
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
