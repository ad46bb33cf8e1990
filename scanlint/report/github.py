"""GitHub Actions workflow commands: `::warning file=...,line=...::message`."""

from __future__ import annotations

from scanlint.diagnostic import Diagnostic
from scanlint.report import ReportContext, severity

NAME = "github"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(diagnostics: list[Diagnostic], ctx: ReportContext) -> str:
    lines = []
    for d in diagnostics:
        properties = ",".join([
            f"file={escape_property(ctx.repo_path(d.path))}",
            f"line={d.start.line}", f"col={d.start.column + 1}",
            f"endLine={d.end.line}", f"endColumn={d.end.column + 1}",
            f"title={escape_property(f'scanlint ({d.code})')}",
        ])
        lines.append(f"::{severity(d)} {properties}::{escape_data(f'{d.code} {d.message}')}\n")
    return "".join(lines)
