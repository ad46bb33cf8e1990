"""Concise text, as ruff prints it: `path:line:col: CODE [*] message` (1-based columns), and
`path:cell N:line:col: ...` in a notebook (lines counted within the cell)."""

from __future__ import annotations

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext

NAME = "text"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    lines = []
    for d in diagnostics:
        marker = " [*]" if ctx.applicable(d) else ""
        lines.append(f"{ctx.location(d)}: {d.code}{marker} {d.message}")
    return "".join(line + "\n" for line in lines)
