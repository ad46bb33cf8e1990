"""Text with the source line, a caret under the span, and the fix as a diff (in a notebook:
the cell's line and a diff of each cell the fix changes)."""

from __future__ import annotations

import difflib

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext

NAME = "full"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    blocks = []
    for d in diagnostics:
        marker = " [*]" if ctx.applicable(d) else ""
        lines = [f"{ctx.location(d)}: {d.code}{marker} {d.message}"]
        source = ctx.line_text(d.path, d.start.line)
        if source:
            width = (d.end.column if d.end.line == d.start.line else len(source)) - d.start.column
            gutter = f"{ctx.in_cell(d, d.start).line} | "
            lines += [f"{gutter}{source}",
                      " " * len(gutter) + " " * d.start.column + "^" * max(width, 1)]
        parts = ctx.fixed_parts(d)
        if parts:
            kind = "Safe fix" if d.fix.applicability == "safe" else "Unsafe fix"
            lines.append(f"{kind}: {d.fix.message}")
        for cell, before, after in parts:
            if cell is not None and len(parts) > 1:
                lines.append(f"cell {cell}:")
            diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=1)
            lines += [line for line in diff if not line.startswith(("---", "+++"))]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
