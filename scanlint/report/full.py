"""Text with the source line, a caret under the span, and the fix as a diff."""

from __future__ import annotations

import difflib

from scanlint.diagnostic import Diagnostic, apply_edits
from scanlint.report import ReportContext

NAME = "full"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    blocks = []
    for d in diagnostics:
        marker = " [*]" if ctx.applicable(d) else ""
        path = ctx.display_path(d.path)
        lines = [f"{path}:{d.start.line}:{d.start.column + 1}: {d.code}{marker} {d.message}"]
        source = ctx.line_text(d.path, d.start.line)
        if source:
            width = (d.end.column if d.end.line == d.start.line else len(source)) - d.start.column
            gutter = f"{d.start.line} | "
            lines += [f"{gutter}{source}",
                      " " * len(gutter) + " " * d.start.column + "^" * max(width, 1)]
        if d.fix is not None and d.path in ctx.sources:
            text = ctx.sources[d.path]
            fixed = apply_edits(text, list(d.fix.edits))
            kind = "Safe fix" if d.fix.applicability == "safe" else "Unsafe fix"
            lines.append(f"{kind}: {d.fix.message}")
            diff = difflib.unified_diff(text.splitlines(), fixed.splitlines(), lineterm="", n=1)
            lines += [line for line in diff if not line.startswith(("---", "+++"))]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
