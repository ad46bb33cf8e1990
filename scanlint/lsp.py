"""`scanlint server`: a language server (pygls) over the same engine as the CLI.

Publishes diagnostics on open, change and save, each with the document's version, and
clears them on close. A change is first checked from the last check
(`engine/incremental.py`, at once: an edit inside defs the check left to stubs, or in a file
with no site, keeps its result; an edit leaving a statement that does not parse keeps the
other statements' findings and adds the syntax error; any other edit of a statement is
checked again from the statements it left, parsing only what it changed); a change it
cannot take waits for a short pause in the typing (`DEBOUNCE_S`) and is checked in full on
a worker thread, and a newer change cancels a check not yet done (its result is never
published). The rules that follow values through the whole file (`Rule.PROGRAM`) cost a
parse and an analysis of all of it: a change checked at once carries their last findings,
and they are found again on the worker after the same pause, then published again. Each
diagnostic carries its rule's
severity (`core/severity.py`) and a link to its documentation; hovering over a finding or a
code in a `# noqa:` comment shows the rule's documentation. Offers each fix as a quick fix,
"fix all" (safe fixes) as a source action, and "add noqa" for each finding. Positions are
converted to LSP's UTF-16 columns. Notebooks (LSP 3.17 `notebookDocument/*`) are checked
as one module made of their code cells; diagnostics and edits go to the cell documents
they are in.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scanlint import __version__
from scanlint.core.diagnostic import Diagnostic, Edit, Position, utf16_offset
from scanlint.core.severity import severity

if TYPE_CHECKING:
    from scanlint.engine.incremental import Checked, Document
    from scanlint.source.notebook import NotebookCode

# How long a change that needs a full check waits for the next one (typing goes on).
DEBOUNCE_S = 0.15
# The whole-file rules wait for a longer pause: once started on the worker they hold the
# interpreter for a few hundred milliseconds in a big file, and a keystroke then waits.
PROGRAM_DELAY_S = 0.5


def lsp_range(types, lines: list[str], start, end):
    def position(at):
        text = lines[at.line - 1] if 0 < at.line <= len(lines) else ""
        return types.Position(line=at.line - 1, character=utf16_offset(text, at.column))

    return types.Range(start=position(start), end=position(end))


_SEVERITIES = {"error": "Error", "warning": "Warning", "note": "Information"}


def to_lsp(types, d: Diagnostic, lines: list[str]):
    from scanlint.report.json import rule_url
    from scanlint.rules import rule_by_code

    rule = rule_by_code(d.code)
    return types.Diagnostic(
        range=lsp_range(types, lines, d.start, d.end),
        message=d.message,
        severity=getattr(types.DiagnosticSeverity, _SEVERITIES[severity(d.code)]),
        code=d.code,
        code_description=(types.CodeDescription(href=rule_url(rule.CODE, rule.NAME))
                          if rule is not None else None),
        source="scanlint",
    )


def text_edits(types, edits: tuple[Edit, ...], lines: list[str]):
    return [types.TextEdit(range=lsp_range(types, lines, e.start, e.end), new_text=e.content)
            for e in edits]


def settings_for(path: str):
    """The settings of the nearest pyproject.toml with a [tool.scanlint] table, read again
    only when a pyproject.toml above the file has changed (this runs on every change)."""
    from scanlint.core.settings import Settings
    from scanlint.engine.config import ConfigError, find_pyproject, load_settings

    folder = os.path.dirname(path) or os.getcwd()
    key = (folder, _pyprojects_above(folder))
    if key not in _SETTINGS:
        try:
            _SETTINGS[key] = load_settings(find_pyproject(folder), folder)
        except ConfigError:
            _SETTINGS[key] = Settings()
    return _SETTINGS[key]


_SETTINGS: dict[tuple, object] = {}


def _pyprojects_above(folder: str) -> tuple:
    """Each pyproject.toml at or above ``folder`` with its modification time and size."""
    found = []
    folder = os.path.abspath(folder)
    while True:
        try:
            stat = os.stat(os.path.join(folder, "pyproject.toml"))
            found.append((folder, stat.st_mtime_ns, stat.st_size))
        except OSError:
            pass
        parent = os.path.dirname(folder)
        if parent == folder:
            return tuple(found)
        folder = parent


@dataclass
class CheckedNotebook:
    """A notebook as last checked: its code, its cells' documents and the findings."""

    path: str
    code: NotebookCode
    cell_uris: list[str]  # every cell's document, in order (cell number - 1)
    cell_lines: dict[str, list[str]]  # a code cell's document -> its lines
    found: list[Diagnostic]

    def cell_uri(self, at) -> str:
        return self.cell_uris[self.code.cell_at(at).number - 1]

    def in_cell(self, d: Diagnostic) -> Diagnostic:
        """``d`` with its span and noqa line relative to its cell (its fix left out)."""
        cell = self.code.cell_at(d.start)
        noqa = cell.relative(Position(d.noqa_line, 0)).line if d.noqa_line else 0
        return replace(d, start=cell.relative(d.start), end=cell.relative(d.end), fix=None,
                       noqa_line=noqa)

    def cell_edits(self, types, edits) -> dict[str, list]:
        """Cell document -> LSP edits, each edit relative to the cell it is in."""
        changes: dict[str, list] = {}
        for e in edits:
            cell = self.code.cell_at(e.start)
            uri = self.cell_uris[cell.number - 1]
            relative = Edit(cell.relative(e.start), cell.relative(e.end),
                            self.code.restore(e.content))
            changes.setdefault(uri, []).extend(
                text_edits(types, (relative,), self.cell_lines.get(uri, [])))
        return changes


def check_notebook_cells(path: str, cells: list[tuple[str, str, str]]) -> CheckedNotebook:
    """Checks a notebook given as (cell document, cell type, source) for each cell."""
    from scanlint.engine.check import check_text
    from scanlint.source.notebook import notebook_code

    code = notebook_code((kind, source) for _, kind, source in cells)
    found = code.boundaries().strip(check_text(code.code, path, settings_for(path)))
    lines = {uri: source.splitlines() for uri, kind, source in cells if kind == "code"}
    return CheckedNotebook(path, code, [uri for uri, _, _ in cells], lines, found)


def build_server():
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    from scanlint.engine.check import fix_text

    server = LanguageServer("scanlint", __version__, notebook_document_sync=(
        types.NotebookDocumentSyncOptions(notebook_selector=[
            types.NotebookDocumentFilterWithCells(
                cells=[types.NotebookCellLanguage(language="python")], notebook="*")],
            save=True)))
    texts = TextChecks(server, types)
    notebooks: dict[str, CheckedNotebook] = {}  # by notebook uri

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls, params):
        texts.check_soon(params.text_document.uri, 0.0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls, params):
        texts.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls, params):
        texts.saved(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls, params):
        texts.closed(params.text_document.uri)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls, params):
        texts.cancel_all()  # a check under way stops at its next stage: exit is not held up

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls, params):
        document = ls.workspace.get_text_document(params.text_document.uri)
        return hover_at(types, document, params.position,
                        texts.published.get(params.text_document.uri, []))

    def cell_of(document, kind) -> tuple[str, str, str]:
        """(document, cell type, source); a code cell in another language is not Python."""
        python = kind == types.NotebookCellKind.Code and document.language_id in (None, "python")
        return document.uri, "code" if python else "other", document.source

    def validate_notebook(ls, uri: str) -> None:
        from pygls.uris import to_fs_path

        notebook = ls.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is None:
            return
        cells = [cell_of(ls.workspace.get_text_document(cell.document), cell.kind)
                 for cell in notebook.cells]
        result = check_notebook_cells(to_fs_path(uri) or uri, cells)
        notebooks[uri] = result
        by_cell: dict[str, list] = {cell_uri: [] for cell_uri, kind, _ in cells
                                    if kind == "code"}
        for d in result.found:
            cell_uri = result.cell_uri(d.start)
            by_cell.setdefault(cell_uri, []).append(
                to_lsp(types, result.in_cell(d), result.cell_lines.get(cell_uri, [])))
        for cell_uri, diagnostics in by_cell.items():
            texts.published[cell_uri] = diagnostics
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=cell_uri, diagnostics=diagnostics,
                version=ls.workspace.get_text_document(cell_uri).version))

    for method in (types.NOTEBOOK_DOCUMENT_DID_OPEN, types.NOTEBOOK_DOCUMENT_DID_CHANGE,
                   types.NOTEBOOK_DOCUMENT_DID_SAVE):
        server.feature(method)(
            lambda ls, params: validate_notebook(ls, params.notebook_document.uri))

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_did_close(ls, params):
        result = notebooks.pop(params.notebook_document.uri, None)
        for cell_uri in result.cell_lines if result is not None else ():
            texts.published.pop(cell_uri, None)
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=cell_uri, diagnostics=[]))

    def notebook_actions(result: CheckedNotebook, uri: str, wanted):
        lines = result.cell_lines.get(uri, [])
        actions = []
        for d in result.found:
            relative = result.in_cell(d)
            if (result.cell_uri(d.start) != uri or relative.start.line - 1 > wanted.end.line
                    or relative.end.line - 1 < wanted.start.line):
                continue
            diagnostic = to_lsp(types, relative, lines)
            if d.fix is not None:
                actions.append(quick_fix(types, d, diagnostic,
                                         result.cell_edits(types, d.fix.edits)))
            actions.append(noqa_action(types, uri, relative, diagnostic, lines))
        if not any(d.fix is not None and d.fix.applicability == "safe" for d in result.found):
            return actions
        cells = result.code.boundaries()
        fixed = fix_text(result.code.code, result.path, settings_for(result.path), cells=cells)
        if fixed.applied:
            changes = {result.cell_uris[number - 1]: [whole_document_edit(
                types, result.cell_lines.get(result.cell_uris[number - 1], []), source)]
                for number, source in result.code.cell_sources(fixed.text, cells).items()}
            actions.append(fix_all_action(types, changes))
        return actions

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll]))
    def code_action(ls, params):
        uri = params.text_document.uri
        notebook = ls.workspace.get_notebook_document(cell_uri=uri)
        if notebook is not None:
            result = notebooks.get(notebook.uri)
            return notebook_actions(result, uri, params.range) if result is not None else []
        last = texts.last(uri)
        if last is None or last.text != ls.workspace.get_text_document(uri).source:
            return []  # edits computed on another text would land in the wrong places
        source, found = last.text, last.diagnostics
        lines = source.splitlines()
        wanted = params.range
        actions = []
        for d in found:
            if d.start.line - 1 > wanted.end.line or d.end.line - 1 < wanted.start.line:
                continue
            diagnostic = to_lsp(types, d, lines)
            if d.fix is not None:
                actions.append(quick_fix(types, d, diagnostic,
                                         {uri: text_edits(types, d.fix.edits, lines)}))
            actions.append(noqa_action(types, uri, d, diagnostic, lines))
        path = ls.workspace.get_text_document(uri).path
        if not any(d.fix is not None and d.fix.applicability == "safe" for d in found):
            return actions  # nothing "fix all" would apply (and a check of a big file saved)
        fixed = fix_text(source, path, settings_for(path))
        if fixed.applied:
            actions.append(fix_all_action(
                types, {uri: [whole_document_edit(types, lines, fixed.text)]}))
        return actions

    return server


class TextChecks:
    """The checks of the open text documents (notebooks are checked apart): the last check
    of each, from which an edit is checked at once where it can be (`Document.recheck`),
    else a full check after a pause in the typing, on a worker thread; a newer change or a
    close cancels the check under way."""

    def __init__(self, server, types) -> None:
        self.server, self.types = server, types
        self._documents: dict[str, Document] = {}  # by uri: its checks, for edits to start from
        self.published: dict[str, list] = {}  # by document uri: the LSP diagnostics shown
        self._pending: dict[str, tuple[asyncio.Task, threading.Event]] = {}
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scanlint-check")
        self._worker.submit(_load_the_rules)  # while the editor starts: the first open is sooner

    def changed(self, uri: str) -> None:
        document = self.server.workspace.get_text_document(uri)
        known = self._documents.get(uri)
        self._cancel(uri)  # a full check of an older text is no longer wanted
        checked = (known.recheck(document.source, settings_for(document.path),
                                 program_later=True) if known is not None else None)
        if checked is None:
            self.check_soon(uri, DEBOUNCE_S)
            return
        self._publish(uri, document.version, checked)
        if checked.program_pending:
            # The whole-file rules cost a parse and an analysis of the whole file: too slow
            # for every keystroke, they are found again after a pause in the typing.
            from scanlint.engine.incremental import with_program_findings

            self._soon(uri, PROGRAM_DELAY_S, lambda _document, cancelled: (
                with_program_findings, checked, cancelled))

    def last(self, uri: str) -> Checked | None:
        """The last check of the document that was published."""
        known = self._documents.get(uri)
        return known.last if known is not None else None

    def saved(self, uri: str) -> None:
        document = self.server.workspace.get_text_document(uri)
        last = self.last(uri)
        if (last is None or last.text != document.source
                or last.settings != settings_for(document.path)):  # pyproject.toml changed
            self.check_soon(uri, 0.0)

    def closed(self, uri: str) -> None:
        self._cancel(uri)
        self._documents.pop(uri, None)
        self.published.pop(uri, None)
        self.server.text_document_publish_diagnostics(
            self.types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def check_soon(self, uri: str, delay: float) -> None:
        """Check the document in full after ``delay`` seconds without another change."""
        from scanlint.engine.incremental import check

        self._soon(uri, delay, lambda document, cancelled: (
            check, document.source, document.path, settings_for(document.path), cancelled))

    def _soon(self, uri: str, delay: float, job) -> None:
        """After ``delay`` seconds without another change, run what ``job(document,
        cancelled)`` names (a function and its arguments) on the worker and publish its
        result for the document's version then, unless a newer change cancels it."""
        self._cancel(uri)
        cancelled = threading.Event()
        task = asyncio.ensure_future(self._later(uri, delay, job, cancelled))
        self._pending[uri] = (task, cancelled)

    def cancel_all(self) -> None:
        for uri in list(self._pending):
            self._cancel(uri)

    def _cancel(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None:
            task, cancelled = pending
            cancelled.set()  # the engine stops at its next stage
            task.cancel()

    async def _later(self, uri: str, delay: float, job, cancelled: threading.Event) -> None:
        from scanlint.engine.check import CheckCancelled

        if delay:
            await asyncio.sleep(delay)
        document = self.server.workspace.get_text_document(uri)
        version = document.version
        try:
            result = await asyncio.get_running_loop().run_in_executor(
                self._worker, *job(document, cancelled))
        except CheckCancelled:
            return
        if cancelled.is_set():
            return  # the text changed meanwhile: a newer check publishes
        self._pending.pop(uri, None)
        self._publish(uri, version, result)

    def _publish(self, uri: str, version, result: Checked) -> None:
        from scanlint.engine.incremental import Document

        types = self.types
        self._documents.setdefault(uri, Document()).record(result)
        lines = result.text.splitlines()
        diagnostics = [to_lsp(types, d, lines) for d in result.diagnostics]
        self.published[uri] = diagnostics
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics))


def _load_the_rules() -> None:
    from scanlint.rules import all_rules

    all_rules()


# -- hover: a rule's documentation -------------------------------------------------------
_NOQA_CODES = re.compile(r"#\s*noqa:\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*)",
                         re.IGNORECASE)
_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def hover_at(types, document, at, published: list):
    """The documentation of the rule whose code is under the cursor in a `# noqa:` comment,
    or of the finding under it."""
    lines = document.source.splitlines()
    line = lines[at.line] if at.line < len(lines) else ""
    column = code_point_column(line, at.character)
    for comment in _NOQA_CODES.finditer(line):
        for code in _CODE.finditer(comment.group("codes")):
            start, end = comment.start("codes") + code.start(), comment.start("codes") + code.end()
            if start <= column <= end:
                span = types.Range(
                    start=types.Position(line=at.line, character=utf16_offset(line, start)),
                    end=types.Position(line=at.line, character=utf16_offset(line, end)))
                return rule_hover(types, code.group().upper(), None, span)
    for diagnostic in published:
        span = diagnostic.range
        if (span.start.line, span.start.character) <= (at.line, at.character) <= (
                span.end.line, span.end.character):
            return rule_hover(types, diagnostic.code, diagnostic, span)
    return None


def rule_hover(types, code: str, diagnostic, span):
    from scanlint.report.json import rule_url
    from scanlint.report.rule_docs import rule_markdown
    from scanlint.rules import rule_by_code

    rule = rule_by_code(code)
    if rule is None:
        return None
    heading = (f"**{rule.CODE}** ({severity(rule.CODE)}): {diagnostic.message}\n\n---\n\n"
               if diagnostic is not None else "")
    text = (f"{heading}{rule_markdown(rule, level=3)}\n"
            f"[{rule.CODE} in the rule reference]({rule_url(rule.CODE, rule.NAME)})")
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
                       range=span)


def code_point_column(line: str, character: int) -> int:
    """The code-point column of LSP's UTF-16 ``character`` in ``line``."""
    units = 0
    for column, char in enumerate(line):
        if units >= character:
            return column
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def quick_fix(types, d: Diagnostic, diagnostic, changes: dict[str, list]):
    return types.CodeAction(
        title=d.fix.message + ("" if d.fix.applicability == "safe" else " (unsafe)"),
        kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
        is_preferred=d.fix.applicability == "safe", edit=types.WorkspaceEdit(changes=changes))


def whole_document_edit(types, lines: list[str], new_text: str):
    end = types.Position(line=len(lines), character=0)
    return types.TextEdit(range=types.Range(start=types.Position(line=0, character=0), end=end),
                          new_text=new_text)


def fix_all_action(types, changes: dict[str, list]):
    return types.CodeAction(title="scanlint: fix all safe fixes",
                            kind=types.CodeActionKind.SourceFixAll,
                            edit=types.WorkspaceEdit(changes=changes))


def noqa_action(types, uri: str, d: Diagnostic, diagnostic, lines: list[str]):
    line = lines[d.noqa_line - 1] if 0 < d.noqa_line <= len(lines) else ""
    at = types.Position(line=d.noqa_line - 1, character=utf16_offset(line, len(line)))
    suffix = f", {d.code}" if "# noqa:" in line else f"  # noqa: {d.code}"
    return types.CodeAction(
        title=f"Add `# noqa: {d.code}`", kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(
            range=types.Range(start=at, end=at), new_text=suffix)]}))


def serve() -> int:
    try:
        server = build_server()
    except ImportError:
        print("scanlint: error: the language server needs pygls: pip install 'scanlint[lsp]'",
              file=sys.stderr)
        return 2
    server.start_io()
    return 0
