"""GitHub Actions workflow commands: `::warning file=...,line=...::message`.

A notebook's finding points at the line of the stored JSON that holds the cell's line (what
GitHub shows for the file), and its message says which cell and line.
"""

from __future__ import annotations

from scanlint.core.diagnostic import Diagnostic
from scanlint.report import ReportContext, severity

NAME = "github"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    lines = []
    for d in diagnostics:
        start, end = ctx.file_position(d.path, d.start), ctx.file_position(d.path, d.end)
        properties = ",".join([
            f"file={escape_property(ctx.repo_path(d.path))}",
            f"line={start.line}", f"col={start.column + 1}",
            f"endLine={end.line}", f"endColumn={end.column + 1}",
            f"title={escape_property(f'scanlint ({d.code})')}",
        ])
        message = f"{d.code} {d.message}{ctx.cell_note(d)}"
        level = {"note": "notice"}.get(severity(d), severity(d))  # GitHub's ::notice
        lines.append(f"::{level} {properties}::{escape_data(message)}\n")
    return "".join(lines)
