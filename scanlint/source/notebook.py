"""Jupyter notebooks: the Python text of their code cells, positions and edits mapped back to
cells, and fixed cells written back into the file's own JSON layout.

The checked text ("code") is the code cells in order, each ending with a newline, so a name
defined in one cell resolves in a later one. IPython syntax is replaced, line for line, by a
placeholder name that Python parses (`%matplotlib inline` -> `_scanlint_ipython_0_`,
`files = !ls` -> `files = _scanlint_ipython_1_`). A placeholder stands for the rest of its
original line and is put back when a cell is written, so every line, and every column before a
placeholder, is the cell's own. Cells whose cell magic runs something other than Python
(`%%bash`, `%%writefile`) are left out, as are markdown and raw cells.

Writing a fixed notebook replaces only the JSON values of the changed cells' `"source"`, in the
style the file uses (a list of lines or one string, its separators and indentation, raw UTF-8 or
`\\u` escapes), reusing the original JSON text of every unchanged line: every other byte stays.
"""

from __future__ import annotations

import bisect
import json
import re
import warnings
from dataclasses import dataclass, field, replace
from functools import cached_property
from json.decoder import scanstring
from typing import Iterable, Sequence

from scanlint.core.diagnostic import (Diagnostic, Edit, Fix, LineIndex, Position, apply_edits,
                                      line_edit)
from scanlint.source.source_file import MAX_FILE_BYTES, SourceError, SourceFile

# Cell magics whose body is Python (the ones ruff treats as transparent): the cell is checked
# with its magic line neutralised. Any other cell magic (`%%bash`, `%%html`) skips the cell.
PYTHON_CELL_MAGICS = frozenset(
    {"capture", "debug", "prun", "pypy", "python", "python3", "time", "timeit"})
PLACEHOLDER = "_scanlint_ipython_"
_BOM = b"\xef\xbb\xbf"

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
_CELL_MAGIC = re.compile(r"%%(\w*)")
# At the start of a statement none of these characters can begin Python code; IPython reads
# them as a line magic (%), shell escape (!), help (?) or autocall (/ , ;).
_ESCAPE = re.compile(r"[ \t]*(?=[%!?/,;])")
# `files = !ls`, `t = %timeit -o f()`: the target stays Python, the rest is IPython's.
_ASSIGNED_ESCAPE = re.compile(
    r"[ \t]*[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*(?=[!%])")
# Automagics (`pip install jax` without the %), only where the line cannot be Python: the name
# followed by a word, never by an operator or keyword (`cd /tmp` would be a division).
_AUTOMAGIC = re.compile(
    r"(?:pip|conda|mamba|cd|ls|cat|cp|mv|rm|mkdir|env|load_ext|reload_ext|matplotlib|time"
    r"|timeit|run|history)[ \t]+"
    r"(?!(?:and|or|not|in|is|if|else|for|lambda|async|await)\b)[\w.~'\"]")


class NotebookWriteError(Exception):
    """Fixed code that cannot be written back into the notebook's cells as it was checked."""


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split where Python splits them (\\r\\n, \\r, \\n only)."""
    return _LINE.findall(text)


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


# -- IPython syntax ------------------------------------------------------------------------
class _Scanner:
    """Just enough of Python's tokenizer to know where a statement starts: open brackets,
    open strings (a `!` inside a docstring is not a shell escape), backslash continuations."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote: str | None = None
        self.continued = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.quote is None and not self.continued

    def copy(self) -> "_Scanner":
        twin = _Scanner()
        twin.depth, twin.quote, twin.continued = self.depth, self.quote, self.continued
        return twin

    def feed(self, line: str) -> str:
        """Scans one line; returns its last character of code outside strings and comments."""
        i, last, self.continued = 0, "", False
        while i < len(line):
            char = line[i]
            if self.quote is not None:
                if char == "\\":
                    i += 2
                    continue
                if line.startswith(self.quote, i):
                    i += len(self.quote)
                    self.quote, last = None, char
                    continue
                i += 1
                continue
            if char == "#":
                break
            if char in "\"'":
                self.quote = line[i:i + 3] if line[i:i + 3] in ('"""', "'''") else char
                i += len(self.quote)
                continue
            if char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(0, self.depth - 1)
            elif char == "\\" and not line[i + 1:].strip("\r\n"):
                self.continued = True
            if not char.isspace():
                last = char
            i += 1
        if self.quote in ('"', "'") and not line.rstrip("\r\n").endswith("\\"):
            self.quote = None  # an unterminated one-line string: Python reports it
        return last


def _ipython_column(line: str, scanner: _Scanner, first_code_line: bool) -> int | None:
    """Where IPython syntax starts on a line at a statement start, or None for Python."""
    if first_code_line and line.startswith("%%"):
        return 0
    for pattern in (_ASSIGNED_ESCAPE, _ESCAPE):
        match = pattern.match(line)
        if match:
            return match.end()
    if _AUTOMAGIC.match(line):
        return 0
    if scanner.copy().feed(line) == "?":  # `x?`, `obj.method??`: help
        return len(line) - len(line.lstrip(" \t"))
    return None


@dataclass
class _Placeholders:
    """Names standing for IPython text, unique in the notebook."""

    prefix: str
    originals: dict[str, str] = field(default_factory=dict)

    def put(self, line: str, column: int, comment: bool = False) -> str:
        """``line`` with its text from ``column`` on replaced by a new placeholder."""
        ending = _ending(line)
        name = f"{'#' if comment else ''}{self.prefix}{len(self.originals)}_"
        self.originals[name] = line[column:len(line) - len(ending)]
        return line[:column] + name + ending


def python_lines(source: str, placeholders: _Placeholders) -> list[str] | None:
    """The cell's lines with IPython syntax replaced by placeholders (one line for one line);
    None for a cell whose cell magic runs something other than Python."""
    lines = split_lines(source)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].startswith("%%"):
        if _CELL_MAGIC.match(lines[first]).group(1) not in PYTHON_CELL_MAGICS:
            return None
    out, scanner, magic_continues = [], _Scanner(), False
    for i, line in enumerate(lines):
        if magic_continues:  # a magic continued with a backslash: still IPython's
            indent = len(line) - len(line.lstrip(" \t"))
            out.append(placeholders.put(line, indent, comment=True))
        elif scanner.at_statement_start() and (
                column := _ipython_column(line, scanner, i == first)) is not None:
            out.append(placeholders.put(line, column))
        else:
            scanner.feed(line)
            out.append(line)
            continue
        magic_continues = line.rstrip("\r\n").endswith("\\")
    return out


# -- the code of a notebook ----------------------------------------------------------------
@dataclass(frozen=True)
class CodeCell:
    number: int          # 1-based over all the notebook's cells, markdown included (as ruff)
    start: int           # offset of its first character in the code
    first_line: int      # the code's line where it starts
    text: str            # its part of the code, placeholders in, ending with a newline
    added_newline: bool  # its source did not end with a newline; the code's does

    def relative(self, at: Position) -> Position:
        return Position(at.line - self.first_line + 1, at.column)


@dataclass(frozen=True)
class NotebookCode:
    """The Python text scanlint checks for a notebook, and the way back to its cells."""

    code: str
    cells: tuple[CodeCell, ...]
    placeholders: dict[str, str] = field(compare=False)
    prefix: str = PLACEHOLDER

    @cached_property
    def _pattern(self) -> re.Pattern:
        return re.compile("#?" + re.escape(self.prefix) + r"\d+_")

    def restore(self, text: str) -> str:
        """``text`` (this code, or code made from it by fixes) with the IPython text back."""
        return self._pattern.sub(lambda m: self.placeholders.get(m.group(0), m.group(0)), text)

    def runnable(self, text: str | None = None) -> str:
        """The code with its IPython lines dropped (`None` in place of a line magic), for
        running it as a module."""
        return self._pattern.sub(lambda m: "#" if m.group(0).startswith("#") else "None",
                                 self.code if text is None else text)

    @cached_property
    def display(self) -> str:
        """The code as the cells read (IPython text in place), line for line."""
        return self.restore(self.code)

    @cached_property
    def _first_lines(self) -> list[int]:
        return [cell.first_line for cell in self.cells]

    def cell_at(self, at: Position) -> CodeCell | None:
        """The cell holding the code's position ``at`` (None when there is no code cell)."""
        if not self.cells:
            return None
        return self.cells[max(bisect.bisect_right(self._first_lines, at.line) - 1, 0)]

    def boundaries(self) -> "CellBoundaries":
        return CellBoundaries(self.code, [cell.start for cell in self.cells])

    def edited_cells(self, edits: Sequence[Edit]) -> list[tuple[int, str, str]]:
        """(cell number, old, new) for each cell ``edits`` (to this code) change, as the cells
        read (IPython text in place)."""
        cells = self.boundaries()
        if not cells.holds(edits):
            return []
        new_code = apply_edits(self.code, list(edits))
        cells.applied(self.code, list(edits), new_code)
        return [(cell.number, self.restore(cell.text), self.restore(new))
                for cell, new in zip(self.cells, cells.split(new_code)) if new != cell.text]

    def cell_sources(self, text: str, cells: "CellBoundaries") -> dict[int, str]:
        """Cell number -> new source, for each cell whose part of ``text`` (fixed code, cell
        starts in ``cells``) differs from this code's."""
        changed = {}
        for cell, new in zip(self.cells, cells.split(text)):
            if new != cell.text:
                source = self.restore(new)
                if cell.added_newline and source.endswith("\n"):
                    source = source[:-1]
                changed[cell.number] = source
        return changed

    def cell_texts(self) -> dict[int, str]:
        """Cell number -> the cell's code with its IPython text in place."""
        return {cell.number: self.restore(cell.text) for cell in self.cells}


def notebook_code(cells: Iterable[tuple[str, str]]) -> NotebookCode:
    """The code of cells given as (cell type, source), in order."""
    cells = list(cells)
    prefix = PLACEHOLDER
    while any(prefix in source for _, source in cells):
        prefix = "_" + prefix
    placeholders = _Placeholders(prefix)
    parts: list[str] = []
    code_cells: list[CodeCell] = []
    start, line = 0, 1
    for number, (kind, source) in enumerate(cells, 1):
        lines = python_lines(source, placeholders) if kind == "code" and source.strip() else None
        if lines is None:
            continue
        text = "".join(lines)
        added = not text.endswith(("\n", "\r"))
        if added:
            text += "\n"
        code_cells.append(CodeCell(number, start, line, text, added))
        parts.append(text)
        start += len(text)
        line += len(split_lines(text))
    return NotebookCode("".join(parts), tuple(code_cells), placeholders.originals, prefix)


class CellBoundaries:
    """Where each code cell starts in a text, kept up to date while fixes change the text.

    An edit belongs to the cell it starts in; one that reaches past the start of the next
    cell cannot be written back cell by cell, and is refused (a fix made of several edits,
    each within one cell, can still change more than one cell).
    """

    def __init__(self, text: str, starts: list[int]) -> None:
        self.text = text
        self.starts = list(starts)
        self._index = LineIndex(text)

    def _spans(self, edits: Iterable[Edit]) -> list[tuple[int, int, int]]:
        index = self._index
        return [(index.offset(e.start), index.offset(e.end), len(e.content)) for e in edits]

    def holds(self, edits: Iterable[Edit]) -> bool:
        """Whether every edit stays within one cell (of the current text)."""
        return not any(start < b < end for start, end, _ in self._spans(edits)
                       for b in self.starts)

    def holds_fix(self, fix: Fix) -> bool:
        return self.holds(fix.edits)

    def without_edge_blank_lines(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics with their fixes' blank lines at a cell's first or last line left
        out: the blank lines pycodestyle asks for around a definition a fix writes
        (fixes/layout.py) separate code within a cell; cells are apart already."""
        return [replace(d, fix=replace(d.fix, edits=tuple(self._trimmed(e) for e in d.fix.edits)))
                if d.fix is not None else d for d in diagnostics]

    def _trimmed(self, edit: Edit) -> Edit:
        start, end = self._index.offset(edit.start), self._index.offset(edit.end)
        content = edit.content
        if start in self.starts:
            content = content.lstrip("\r\n")
        ends_cell = end + 1 in self.starts or end + 1 >= len(self.text)
        if ends_cell and self.text[end:end + 1] == "\n" and edit.content.strip():
            content = content.rstrip("\r\n")
        return edit if content == edit.content else replace(edit, content=content)

    def applied(self, text: str, edits: list[Edit], new_text: str) -> None:
        """Follows ``edits`` (which ``holds``), applied to the current ``text`` to make
        ``new_text``: an edit moves the starts of the cells after it."""
        assert text == self.text, "edits to a text these boundaries do not follow"
        spans = self._spans(edits)
        self.starts = [b + sum(size - (end - start) for start, end, size in spans
                               if start < b and end <= b) for b in self.starts]
        self.text, self._index = new_text, LineIndex(new_text)

    def split(self, text: str) -> list[str]:
        ends = [*self.starts[1:], len(text)]
        return [text[start:end] for start, end in zip(self.starts, ends)]

    def strip(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics, without the fixes that have an edit spanning cells, and with
        their fixes' blank lines at a cell's edge left out (`without_edge_blank_lines`)."""
        return [replace(d, fix=None) if d.fix is not None and not self.holds_fix(d.fix) else d
                for d in self.without_edge_blank_lines(diagnostics)]


# -- the file ------------------------------------------------------------------------------
@dataclass(frozen=True)
class _String:
    start: int  # the JSON string literal, quotes included: raw[start:end]
    end: int
    value: str


@dataclass(frozen=True)
class _Source:
    """A cell's `"source"` value in the file: a list of strings or one string."""

    start: int
    end: int
    is_list: bool
    parts: tuple[_String, ...]

    @property
    def text(self) -> str:
        return "".join(part.value for part in self.parts)


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _skip(raw: str, i: int) -> int:
    return _WHITESPACE.match(raw, i).end()


def _value_end(raw: str, i: int) -> int:
    return _DECODER.raw_decode(raw, i)[1]


def _walk_object(raw: str, i: int, member) -> int:
    """Calls ``member(key, value start) -> value end`` for each member of the object at
    ``raw[i]`` (valid JSON); returns the object's end."""
    i = _skip(raw, i + 1)
    while raw[i] != "}":
        key, i = scanstring(raw, i + 1)
        i = _skip(raw, member(key, _skip(raw, _skip(raw, i) + 1)))
        if raw[i] == ",":
            i = _skip(raw, i + 1)
    return i + 1


def _walk_array(raw: str, i: int, item) -> int:
    i = _skip(raw, i + 1)
    while raw[i] != "]":
        i = _skip(raw, item(i))
        if raw[i] == ",":
            i = _skip(raw, i + 1)
    return i + 1


def _strings(raw: str, start: int) -> tuple[int, tuple[_String, ...]]:
    if raw[start] == '"':
        value, end = scanstring(raw, start + 1)
        return end, (_String(start, end, value),)
    parts: list[_String] = []

    def item(i: int) -> int:
        value, end = scanstring(raw, i + 1)
        parts.append(_String(i, end, value))
        return end

    return _walk_array(raw, start, item), tuple(parts)


def _source_values(raw: str) -> list[_Source]:
    """Where each cell's `"source"` is in a notebook's JSON text (already known to be valid)."""
    cells: list[_Source] = []

    def cell(i: int) -> int:
        found: list[_Source] = []

        def member(key: str, at: int) -> int:
            if key != "source":
                return _value_end(raw, at)
            end, parts = _strings(raw, at)
            found.append(_Source(at, end, raw[at] == "[", parts))
            return end

        end = _walk_object(raw, i, member)
        cells.append(found[-1])
        return end

    def top(key: str, at: int) -> int:
        if key != "cells":
            return _value_end(raw, at)
        cells.clear()
        return _walk_array(raw, at, cell)

    _walk_object(raw, _skip(raw, 0), top)
    return cells


def _raw_offset(raw: str, string: _String, index: int) -> int:
    """The offset in ``raw`` of character ``index`` of a JSON string's value."""
    i = string.start + 1
    for _ in range(index):
        if raw[i] != "\\":
            i += 1
        elif raw[i + 1] != "u":
            i += 2
        else:
            high = int(raw[i + 2:i + 6], 16)
            i += 6
            if 0xD800 <= high < 0xDC00 and raw.startswith("\\u", i) and \
                    0xDC00 <= int(raw[i + 2:i + 6], 16) < 0xE000:
                i += 6  # a surrogate pair is one character
    return i


def _check_format(document) -> None:
    """Raises SourceError unless ``document`` is a valid nbformat 4 notebook."""
    if not isinstance(document, dict) or "nbformat" not in document:
        raise SourceError("not a notebook: the JSON has no `nbformat` version")
    if document["nbformat"] != 4:
        raise SourceError(f"not checked: an nbformat {document['nbformat']} notebook (scanlint "
                          "reads version 4; `jupyter nbconvert --to notebook` converts it)")
    import nbformat

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nbformat warns about missing cell ids
            nbformat.validate(nbformat.from_dict(document))
    except nbformat.ValidationError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else "invalid"
        raise SourceError(f"not a valid notebook: {first}") from None
    except RecursionError:
        raise SourceError("not a valid notebook: nested too deeply to validate") from None


@dataclass(frozen=True)
class NotebookFile:
    """A notebook as stored: its JSON text, where each cell's source is in it, and its code."""

    path: str
    raw: str  # the file's text (without a UTF-8 BOM)
    bom: bool
    ensure_ascii: bool  # non-ASCII characters are written as \\u escapes
    sources: tuple[_Source, ...]
    code: NotebookCode

    @property
    def data(self) -> bytes:
        return (_BOM if self.bom else b"") + self.raw.encode("utf-8")

    @cached_property
    def _raw_index(self) -> LineIndex:
        return LineIndex(self.raw)

    # positions in the file, for formats whose consumers show the stored file
    def file_position(self, at: Position) -> Position:
        """The position in the JSON text of the code's position ``at``."""
        cell = self.code.cell_at(at)
        if cell is None:
            return Position(1, 0)
        source = self.sources[cell.number - 1]
        text = source.text
        index = LineIndex(text)
        relative = cell.relative(at)
        if 0 < relative.line <= index.line_count:
            offset = index.starts[relative.line - 1] + min(
                relative.column, len(index.line_text(relative.line)))
        else:
            offset = len(text)
        for i, part in enumerate(source.parts):
            last = i == len(source.parts) - 1
            if offset < len(part.value) or (last and offset == len(part.value)):
                return self._raw_index.position(_raw_offset(self.raw, part, offset))
            offset -= len(part.value)
        return self._raw_index.position(source.start)

    def file_line_text(self, line: int) -> str:
        return self._raw_index.line_text(line) if 0 < line <= self._raw_index.line_count else ""

    # writing
    def _dumps(self, value: str) -> str:
        return json.dumps(value, ensure_ascii=self.ensure_ascii)

    def _source_json(self, source: _Source, new: str) -> str:
        """The JSON for a cell source ``new``, laid out as ``source`` was."""
        if not source.is_list:
            return self._dumps(new)
        parts = source.parts
        head = pos = 0  # unchanged whole lines at the start keep their JSON text
        while (head < len(parts) and parts[head].value.endswith(("\n", "\r"))
               and new.startswith(parts[head].value, pos)):
            pos += len(parts[head].value)
            head += 1
        tail, end = 0, len(new)  # ... and at the end
        while tail < len(parts) - head:
            value = parts[-1 - tail].value
            cut = end - len(value)
            if not (value and cut >= pos and new.startswith(value, cut)
                    and (cut == pos or new[cut - 1] in "\r\n")):
                break
            end, tail = cut, tail + 1
        items = ([self.raw[p.start:p.end] for p in parts[:head]]
                 + [self._dumps(line) for line in split_lines(new[pos:end])]
                 + [self.raw[p.start:p.end] for p in parts[len(parts) - tail:]])
        if not items:
            return "[]"
        if not parts:
            return "[" + ", ".join(items) + "]"
        opening = self.raw[source.start + 1:parts[0].start]
        closing = self.raw[parts[-1].end:source.end - 1]
        return "[" + opening + self._separator(source, opening).join(items) + closing + "]"

    def _separator(self, source: _Source, opening: str) -> str:
        """What separates the strings of a source list: its own, another list's, or, for a
        list of one line, what the file's indentation and its other commas imply."""
        for sample in (source, *self.sources):
            if len(sample.parts) > 1:
                return self.raw[sample.parts[0].end:sample.parts[1].start]
        if "\n" in opening or "\r" in opening:
            return "," + opening
        comma = re.search(r'",([ \t]*)"', self.raw)
        return "," + (comma.group(1) if comma else " ")

    def _replacements(self, text: str, cells: CellBoundaries) -> list[tuple[_Source, str]]:
        changed = self.code.cell_sources(text, cells)
        return [(self.sources[number - 1], self._source_json(self.sources[number - 1], new))
                for number, new in sorted(changed.items())]

    def with_code(self, text: str, cells: CellBoundaries) -> "NotebookFile":
        """The notebook whose code cells hold ``text`` (this code after fixes; ``cells`` says
        where each cell starts). Raises NotebookWriteError unless reading the result back
        gives exactly that code and a valid notebook."""
        raw = self.raw
        for source, new_json in reversed(self._replacements(text, cells)):
            raw = raw[:source.start] + new_json + raw[source.end:]
        try:
            data = (_BOM if self.bom else b"") + raw.encode("utf-8")
            fixed = read_notebook_file(data, self.path)
        except (SourceError, UnicodeEncodeError) as error:
            raise NotebookWriteError(f"the fixed notebook would not be valid ({error})") from None
        wanted = {cell.number: self.code.restore(part)
                  for cell, part in zip(self.code.cells, cells.split(text)) if part.strip()}
        if fixed.code.cell_texts() != wanted:  # each cell holds its own part of the code
            raise NotebookWriteError("the fixed code does not fit back into the notebook's cells")
        return fixed

    def file_edits(self, edits: Sequence[Edit]) -> tuple[Edit, ...]:
        """``edits`` (to the code) as edits to the JSON text, whole lines of each changed
        source value; empty when they cannot be written back."""
        cells = self.code.boundaries()
        if not cells.holds(edits):
            return ()
        text = apply_edits(self.code.code, list(edits))
        cells.applied(self.code.code, list(edits), text)
        try:
            self.with_code(text, cells)
        except NotebookWriteError:
            return ()
        out = []
        for source, new_json in self._replacements(text, cells):
            old_json = self.raw[source.start:source.end]
            edit = line_edit(old_json, new_json)
            if edit is None:
                continue
            within = LineIndex(old_json)
            start, end = (self._raw_index.position(source.start + within.offset(p))
                          for p in (edit.start, edit.end))
            out.append(Edit(start, end, edit.content))
        return tuple(out)


def _uses_escapes(raw: str) -> bool:
    """Whether the file writes non-ASCII characters as \\u escapes (json's ensure_ascii)."""
    if not raw.isascii():
        return False
    return re.search(r"\\u(?!00[0-7])[0-9a-fA-F]{4}", raw) is not None


def read_notebook_file(data: bytes, path: str) -> NotebookFile:
    """Reads a notebook; raises SourceError for anything that is not a valid nbformat 4 one."""
    bom = data.startswith(_BOM)
    try:
        raw = data[len(_BOM) if bom else 0:].decode("utf-8")
    except UnicodeDecodeError as error:
        raise SourceError(f"cannot decode: {error}") from None
    try:
        document = json.loads(raw)
    except ValueError as error:
        raise SourceError(f"not a notebook: invalid JSON: {error}") from None
    except RecursionError:
        raise SourceError("not a notebook: JSON nested too deeply") from None
    _check_format(document)
    try:
        sources = tuple(_source_values(raw))
    except (ValueError, IndexError, RecursionError) as error:  # valid JSON reads; kept safe
        raise SourceError(f"cannot read the notebook's cells: {error}") from None
    code = notebook_code((cell["cell_type"], source.text)
                         for cell, source in zip(document["cells"], sources))
    if len(code.code) > MAX_FILE_BYTES:
        raise SourceError(f"code cells larger than {MAX_FILE_BYTES // 2**20} MiB; not checked")
    return NotebookFile(path, raw, bom, _uses_escapes(raw), sources, code)


def read_notebook(data: bytes, path: str) -> SourceFile:
    """A notebook as a source file: its text is the code scanlint checks."""
    notebook = read_notebook_file(data, path)
    return SourceFile(path, notebook.code.code, "utf-8", notebook)


def changed_cells(old: NotebookFile, new: NotebookFile) -> list[tuple[int, str, str]]:
    """(cell number, old source, new source) for each cell whose source differs."""
    return [(number, a.text, b.text) for number, (a, b) in enumerate(zip(old.sources, new.sources), 1)
            if a.text != b.text]


def runnable_text(source: SourceFile) -> str:
    """What `scanlint verify` runs for a file: a notebook's code without its IPython lines."""
    return source.notebook.code.runnable() if source.notebook is not None else source.text
