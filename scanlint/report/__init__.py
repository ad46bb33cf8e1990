"""Output formats: each a pure function from diagnostics (plus context) to text.

A format module defines `NAME` and `render(diagnostics, ctx) -> str`; this package finds them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from scanlint.core.diagnostic import (Diagnostic, Edit, Position, apply_edits, utf8_offset,
                                      utf16_offset)

if TYPE_CHECKING:
    from scanlint.source.notebook import CodeCell, NotebookFile


@dataclass(frozen=True)
class ReportContext:
    cwd: str = field(default_factory=os.getcwd)
    unsafe_fixes: bool = False  # whether unsafe fixes count as applicable ([*])
    sources: dict[str, str] = field(default_factory=dict)  # path -> text, for formats that quote
    repo_root: str | None = None  # paths in SARIF and review comments are relative to it
    # path -> the notebook its diagnostics are of (their positions are in its code; sources
    # holds the code as its cells read)
    notebooks: dict[str, NotebookFile] = field(default_factory=dict)
    # path -> why `check --fix --verify` left its fixes unapplied ({"status", "reason"})
    verify: dict[str, dict] = field(default_factory=dict)

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

    # -- notebooks: people see cells, review tools see the stored JSON --------------------
    def cell(self, diagnostic: Diagnostic) -> CodeCell | None:
        """The notebook cell a diagnostic starts in (None outside notebooks)."""
        notebook = self.notebooks.get(diagnostic.path)
        return notebook.code.cell_at(diagnostic.start) if notebook is not None else None

    def in_cell(self, diagnostic: Diagnostic, at: Position) -> Position:
        """``at`` relative to the diagnostic's cell (unchanged outside notebooks)."""
        cell = self.cell(diagnostic)
        return cell.relative(at) if cell is not None else at

    def location(self, diagnostic: Diagnostic) -> str:
        """`path:line:col`, or `path:cell N:line:col` in a notebook, as ruff prints them."""
        cell = self.cell(diagnostic)
        at = self.in_cell(diagnostic, diagnostic.start)
        where = f"cell {cell.number}:" if cell is not None else ""
        return f"{self.display_path(diagnostic.path)}:{where}{at.line}:{at.column + 1}"

    def cell_note(self, diagnostic: Diagnostic) -> str:
        """` (cell N, line L)` for a notebook's diagnostic in formats located in the file."""
        cell = self.cell(diagnostic)
        if cell is None:
            return ""
        return f" (cell {cell.number}, line {self.in_cell(diagnostic, diagnostic.start).line})"

    def file_text(self, path: str) -> str:
        """The file's text as stored (a notebook's JSON)."""
        notebook = self.notebooks.get(path)
        return notebook.raw if notebook is not None else self.sources.get(path, "")

    def file_position(self, path: str, at: Position) -> Position:
        notebook = self.notebooks.get(path)
        return notebook.file_position(at) if notebook is not None else at

    def file_line_text(self, path: str, line: int) -> str:
        notebook = self.notebooks.get(path)
        return notebook.file_line_text(line) if notebook is not None else self.line_text(path, line)

    def file_utf8_column(self, path: str, at: Position) -> int:
        """1-based column in UTF-8 bytes of the stored file's position ``at``."""
        return utf8_offset(self.file_line_text(path, at.line), at.column) + 1

    def file_edits(self, diagnostic: Diagnostic) -> tuple[Edit, ...]:
        """The fix's edits to the stored file (a notebook's JSON lines; empty if none)."""
        if diagnostic.fix is None:
            return ()
        notebook = self.notebooks.get(diagnostic.path)
        if notebook is None:
            return diagnostic.fix.edits
        return notebook.file_edits(diagnostic.fix.edits)

    def fixed_parts(self, diagnostic: Diagnostic) -> list[tuple[int | None, str, str]]:
        """(cell number or None, text before, text after) for what the fix changes: the whole
        file, or each notebook cell it changes."""
        text = self.sources.get(diagnostic.path)
        if diagnostic.fix is None or text is None:
            return []
        notebook = self.notebooks.get(diagnostic.path)
        if notebook is None:
            return [(None, text, apply_edits(text, list(diagnostic.fix.edits)))]
        return notebook.code.edited_cells(diagnostic.fix.edits)

    def applicable(self, diagnostic: Diagnostic) -> bool:
        fix = diagnostic.fix
        return fix is not None and (fix.applicability == "safe" or self.unsafe_fixes)


Renderer = Callable[[list[Diagnostic], ReportContext], str]


# Each format's name and module: the command line offers them and renders one without
# importing every format (tests/test_formats.py checks this against the modules).
FORMAT_MODULES = {
    "full": "full", "github": "github", "github-review": "github_review", "gitlab": "gitlab",
    "json": "json", "json-lines": "json_lines", "rdjson": "rdjson", "rdjsonl": "rdjsonl",
    "sarif": "sarif", "text": "text",
}


def renderer(name: str) -> Renderer:
    """The renderer of the format ``name`` (one of FORMAT_MODULES)."""
    return importlib.import_module(f"{__name__}.{FORMAT_MODULES[name]}").render


@lru_cache(maxsize=1)
def formats() -> dict[str, Renderer]:
    """Every format module's renderer, by name."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "render"):
            found[module.NAME] = module.render
    return found


def severity(diagnostic: Diagnostic) -> str:
    """The finding's family's severity (`core/severity.py`): "error", "warning" or "note"."""
    from scanlint.core.severity import severity as of_code

    return of_code(diagnostic.code)


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
