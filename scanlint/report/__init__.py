"""Output formats: each a pure function from diagnostics (plus context) to text.

A format module defines `NAME` and `render(diagnostics, ctx) -> str`; this package finds them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from scanlint.diagnostic import Diagnostic, utf8_offset, utf16_offset


@dataclass(frozen=True)
class ReportContext:
    cwd: str = field(default_factory=os.getcwd)
    unsafe_fixes: bool = False  # whether unsafe fixes count as applicable ([*])
    sources: dict[str, str] = field(default_factory=dict)  # path -> text, for formats that quote
    repo_root: str | None = None  # paths in SARIF and review comments are relative to it

    def repo_path(self, path: str) -> str:
        """A forward-slash path relative to the repository (or the current folder)."""
        base = self.repo_root or self.cwd
        try:
            rel = os.path.relpath(self.absolute_path(path), base)
        except ValueError:
            rel = path
        return rel.replace(os.sep, "/")

    def line_text(self, path: str, line: int) -> str:
        lines = self.sources.get(path, "").splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def utf8_column(self, path: str, line: int, column: int) -> int:
        """1-based column counted in UTF-8 bytes (reviewdog)."""
        return utf8_offset(self.line_text(path, line), column) + 1

    def utf16_column(self, path: str, line: int, column: int) -> int:
        """0-based column counted in UTF-16 code units (the Language Server Protocol)."""
        return utf16_offset(self.line_text(path, line), column)

    def display_path(self, path: str) -> str:
        if path == "-":
            return path
        try:
            rel = os.path.relpath(path, self.cwd)
        except ValueError:
            return path
        return path if rel.startswith("..") else rel

    def absolute_path(self, path: str) -> str:
        return path if path == "-" else os.path.abspath(os.path.join(self.cwd, path))

    def applicable(self, diagnostic: Diagnostic) -> bool:
        fix = diagnostic.fix
        return fix is not None and (fix.applicability == "safe" or self.unsafe_fixes)


Renderer = Callable[[list[Diagnostic], ReportContext], str]


@lru_cache(maxsize=1)
def formats() -> dict[str, Renderer]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "render"):
            found[module.NAME] = module.render
    return found


def severity(diagnostic: Diagnostic) -> str:
    """"error" for files that could not be checked (SCN9xx), "warning" for findings."""
    return "error" if diagnostic.code.startswith("SCN9") else "warning"


def fingerprint(diagnostic: Diagnostic, ctx: ReportContext, occurrence: int = 1) -> str:
    """A hash of the finding's code and its line's text (whitespace folded), which survives
    edits elsewhere in the file, plus the occurrence of that pair."""
    import hashlib

    line = " ".join(ctx.line_text(diagnostic.path, diagnostic.start.line).split())
    digest = hashlib.sha256(f"{diagnostic.code}\0{line}".encode()).hexdigest()[:16]
    return f"{digest}:{occurrence}"


def fingerprints(diagnostics: list[Diagnostic], ctx: ReportContext) -> list[str]:
    seen: dict[tuple, int] = {}
    out = []
    for d in diagnostics:
        base = fingerprint(d, ctx).split(":")[0]
        key = (d.path, base)
        seen[key] = seen.get(key, 0) + 1
        out.append(f"{base}:{seen[key]}")
    return out
