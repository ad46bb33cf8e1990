"""Concise text, as ruff prints it: `path:line:col: CODE [*] message` (1-based columns)."""

from __future__ import annotations

from scanlint.diagnostic import Diagnostic
from scanlint.report import ReportContext

NAME = "text"


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    lines = []
    for d in diagnostics:
        marker = " [*]" if ctx.applicable(d) else ""
        lines.append(f"{ctx.display_path(d.path)}:{d.start.line}:{d.start.column + 1}: "
                     f"{d.code}{marker} {d.message}")
    return "".join(line + "\n" for line in lines)
