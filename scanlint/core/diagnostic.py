"""The one diagnostic model every rule produces and every output format reads.

Positions are 1-based lines and 0-based columns counted in code points, as LibCST
reports them; each output format converts to its own convention.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Literal

Applicability = Literal["safe", "unsafe"]


@dataclass(frozen=True, order=True)
class Position:
    line: int
    column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text between ``start`` and ``end`` with ``content``."""

    start: Position
    end: Position
    content: str


@dataclass(frozen=True)
class Fix:
    applicability: Applicability
    message: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    path: str
    start: Position
    end: Position
    fix: Fix | None = None
    # The line a suppression comment must be on for flake8-style tools (the span's first).
    noqa_line: int = 0
    # Lines of the reported statement: a suppression comment on any of them applies.
    statement_lines: tuple[int, int] = field(default=(0, 0), compare=False)

    def sort_key(self) -> tuple:
        return (self.path, self.start.line, self.start.column, self.code, self.message)


class LineIndex:
    """Converts between (line, column) positions and offsets into one text."""

    _BREAK = re.compile(r"\r\n|\r|\n")

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(match.end() for match in self._BREAK.finditer(text))]

    def offset(self, pos: Position) -> int:
        return self.starts[pos.line - 1] + pos.column

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self.starts, offset) - 1
        return Position(line + 1, offset - self.starts[line])

    def line_text(self, line: int) -> str:
        """The text of a 1-based line without its line ending."""
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    @property
    def line_count(self) -> int:
        return len(self.starts)


def utf8_offset(line_text: str, column: int) -> int:
    """0-based column counted in UTF-8 bytes."""
    return len(line_text[:column].encode("utf-8"))


def utf16_offset(line_text: str, column: int) -> int:
    """0-based column counted in UTF-16 code units (the Language Server Protocol)."""
    return len(line_text[:column].encode("utf-16-le")) // 2


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping edits to ``text`` (caller guarantees no overlap)."""
    index = LineIndex(text)
    spans = sorted((index.offset(e.start), index.offset(e.end), e.content) for e in edits)
    out, cursor = [], 0
    for start, end, content in spans:
        out.append(text[cursor:start])
        out.append(content)
        cursor = end
    out.append(text[cursor:])
    return "".join(out)


def line_edit(old: str, new: str) -> Edit | None:
    """The single edit, widened to whole lines, that turns ``old`` into ``new``."""
    if old == new:
        return None
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < limit - prefix and old[len(old) - 1 - suffix] == new[len(new) - 1 - suffix]):
        suffix += 1
    start = max(old.rfind("\n", 0, prefix), old.rfind("\r", 0, prefix)) + 1
    old_end = len(old) - suffix
    if not (old_end > start and old[old_end - 1] in "\r\n"):
        ends = [i for i in (old.find("\n", old_end), old.find("\r", old_end)) if i >= 0]
        old_end = min(ends) if ends else len(old)
    new_end = old_end - len(old) + len(new)
    index = LineIndex(old)
    return Edit(index.position(start), index.position(old_end), new[start:new_end])


def diagnostic_to_dict(d: Diagnostic) -> dict:
    """A plain-data form of a diagnostic (for the cache and worker processes)."""
    fix = None
    if d.fix is not None:
        fix = [d.fix.applicability, d.fix.message,
               [[e.start.line, e.start.column, e.end.line, e.end.column, e.content]
                for e in d.fix.edits]]
    return {"code": d.code, "message": d.message, "path": d.path,
            "span": [d.start.line, d.start.column, d.end.line, d.end.column],
            "fix": fix, "noqa": d.noqa_line, "lines": list(d.statement_lines)}


def diagnostic_from_dict(data: dict) -> Diagnostic:
    fix = None
    if data["fix"] is not None:
        applicability, message, edits = data["fix"]
        fix = Fix(applicability, message, tuple(
            Edit(Position(a, b), Position(c, d), content) for a, b, c, d, content in edits))
    a, b, c, d = data["span"]
    return Diagnostic(data["code"], data["message"], data["path"], Position(a, b),
                      Position(c, d), fix, data["noqa"], tuple(data["lines"]))
