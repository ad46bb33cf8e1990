"""Building fixes from CST changes (applying them is `scanlint.fixes.apply`).

A fix is made by changing the CST and rendering the whole module again: LibCST then takes care
of indentation, strings and comments. The difference to the original text is reduced to one
edit spanning whole lines, so outputs (JSON, SARIF, diffs) show readable replacements.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from scanlint.core.diagnostic import Applicability, Edit, Fix, LineIndex, Position, line_edit
from scanlint.fixes.layout import (DEFINITIONS, blank_lines_wanted_after, hanging_indent, render,
                                     spaced, wrapped)
from scanlint.prefilter.slicing import OutsideSlice, stub_on_lines


def _first_line(old: cst.CSTNode, range_of) -> int:
    """The first line of statement ``old`` with its leading lines and decorators."""
    above = len(getattr(old, "leading_lines", ()))
    above += len(getattr(old, "decorators", ())) + len(getattr(old, "lines_after_decorators", ()))
    return range_of(old).start.line - above


def _statement_edit(text: str, index: LineIndex, module: cst.Module, range_of,
                    old: cst.CSTNode, new: Sequence[cst.CSTNode],
                    removed: frozenset[int] = frozenset(), line_length: int = 79
                    ) -> Edit | None:
    """An edit replacing statement ``old`` by ``new``, or None when the statement's text in
    the file is not exactly what LibCST renders for it (then the caller diffs the module).
    ``removed``: lines the same fix deletes (they do not count as code above ``old``)."""
    span = range_of(old)
    first = _first_line(old, range_of)
    if first < 1:
        return None
    line = index.line_text(span.start.line)
    indent = line[:len(line) - len(line.lstrip(" \t"))]
    before = render(module, [old], indent)
    start = index.starts[first - 1]
    if text[start:start + len(before)] != before:
        return None
    opens = _opens_block(index, first, indent, removed)
    new = spaced(new, top_level=not indent, first_in_block=opens)
    new = wrapped(module, new, indent, line_length, frozenset(before.splitlines()),
                  hanging_indent(text, module.default_indent))
    after = render(module, new, indent)
    newline = module.default_newline
    if before.endswith(newline) and after.endswith(newline):  # keep edits within lines
        before, after = before[:-len(newline)], after[:-len(newline)]
    if not isinstance(old, DEFINITIONS):
        missing = blank_lines_wanted_after(new, top_level=not indent) - _blank_lines_below(
            index, span.end.line)
        if missing > 0:
            after += newline * missing
    return Edit(index.position(start), index.position(start + len(before)), after)


def _code_line(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _opens_block(index: LineIndex, first: int, indent: str, removed: frozenset[int]) -> bool:
    """Whether the statement starting on line ``first`` (its comments included) is the
    first of its block: no code above it, or the code line above is less indented (the
    block's header)."""
    for number in range(first - 1, 0, -1):
        line = index.line_text(number)
        if number not in removed and _code_line(line):
            return len(line) - len(line.lstrip(" \t")) < len(indent)
    return True


def _blank_lines_below(index: LineIndex, last: int) -> int:
    """Blank lines after line ``last`` before the next code or comment line; a large
    number at the end of the file or before less indented code (nothing to space)."""
    blanks = 0
    for number in range(last + 1, index.line_count + 1):
        line = index.line_text(number)
        if line.strip():
            return blanks if not line[:1].isspace() else 1 << 30
        blanks += 1
    return 1 << 30


def statement_fix(text: str, module: cst.Module, range_of,
                  replacements: Sequence[tuple[cst.CSTNode, Sequence[cst.CSTNode]]],
                  message: str, applicability: Applicability,
                  index: LineIndex | None = None, line_length: int = 79) -> Fix | None:
    """A fix replacing whole statements (each with zero or more statements), written with
    the blank lines pycodestyle asks for and no new line longer than ``line_length``.

    Only the statements are rendered, so a file with many fixes costs linear time; when a
    statement's text differs from LibCST's rendering, the whole module is diffed instead.
    """
    index = index or LineIndex(text)
    removed = frozenset(line for old, new in replacements if not new
                        for line in range(_first_line(old, range_of), range_of(old).end.line + 1))
    edits = []
    for old, new in replacements:
        edit = _statement_edit(text, index, module, range_of, old, new, removed, line_length)
        if edit is None:
            by_id = {id(old): list(new) or None for old, new in replacements}
            new_module = module.visit(ReplaceById(by_id))
            return fix_from_module(text, module, new_module, message, applicability)
        edits.append(edit)
    return Fix(applicability, message, tuple(edits))


class ReplaceById(cst.CSTTransformer):
    """Replaces nodes by identity. A value may be a node, a list of statements, None (remove
    the statement), or a function of the already-updated node (so that changes inside it,
    made by other replacements, are kept)."""

    def __init__(self, replacements: dict[int, object]) -> None:
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):
        if id(original_node) in self.replacements:
            new = self.replacements[id(original_node)]
            if new is None:
                return cst.RemovalSentinel.REMOVE
            if isinstance(new, list):
                return cst.FlattenSentinel(new)
            if callable(new):
                new = new(updated_node)
                return cst.FlattenSentinel(new) if isinstance(new, list) else new
            return new
        return updated_node


def fix_from_module(text: str, module: cst.Module, new_module: cst.Module, message: str,
                    applicability: Applicability) -> Fix | None:
    """A fix turning ``module`` (parsed from ``text``) into ``new_module``.

    The difference is taken between LibCST's renderings of the two modules, then moved onto
    ``text``. LibCST does not render every byte back (form feeds, a CR-only file's last CR),
    so the edit is kept only when the whole lines it replaces read the same in ``text``:
    bytes outside the edit are never touched.
    """
    rendered = module.code
    edit = line_edit(rendered, new_module.code)
    if edit is None:
        return None
    # The difference is found by comparing characters: next to a stub (`slicing.py`) it
    # could end elsewhere than next to the code the stub stands for. Ask for that code.
    around = (edit.start.line - 1, edit.end.line + 1)
    if stub_on_lines(rendered, *around):
        raise OutsideSlice(lines=around)
    if rendered != text:
        edit = _transfer(edit, rendered, text)
        if edit is None:
            return None
    return Fix(applicability, message, (edit,))


def _transfer(edit: Edit, rendered: str, text: str) -> Edit | None:
    ours, theirs = LineIndex(rendered), LineIndex(text)
    last = edit.end.line if edit.end.column else edit.end.line - 1
    if last > min(ours.line_count, theirs.line_count):
        return None
    for line in range(edit.start.line, last + 1):
        if ours.line_text(line) != theirs.line_text(line):
            return None
    end = edit.end if edit.end.column == 0 else Position(edit.end.line,
                                                          len(theirs.line_text(edit.end.line)))
    return Edit(edit.start, end, edit.content)
