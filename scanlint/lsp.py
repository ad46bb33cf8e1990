"""`scanlint server`: a language server (pygls) over the same engine as the CLI.

Publishes diagnostics on open, change and save; offers each fix as a quick fix, "fix all"
(safe fixes) as a source action, and "add noqa" for each finding. Positions are converted to
LSP's UTF-16 columns. Notebooks (LSP 3.17 `notebookDocument/*`) are checked as one module
made of their code cells; diagnostics and edits go to the cell documents they are in.
"""

from __future__ import annotations

import os
import sys

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scanlint import __version__
from scanlint.core.diagnostic import Diagnostic, Edit, Position, utf16_offset

if TYPE_CHECKING:
    from scanlint.source.notebook import NotebookCode


def lsp_range(types, lines: list[str], start, end):
    def position(at):
        text = lines[at.line - 1] if 0 < at.line <= len(lines) else ""
        return types.Position(line=at.line - 1, character=utf16_offset(text, at.column))

    return types.Range(start=position(start), end=position(end))


def to_lsp(types, d: Diagnostic, lines: list[str]):
    return types.Diagnostic(
        range=lsp_range(types, lines, d.start, d.end),
        message=d.message,
        severity=(types.DiagnosticSeverity.Error if d.code.startswith("SCN9")
                  else types.DiagnosticSeverity.Warning),
        code=d.code,
        source="scanlint",
    )


def text_edits(types, edits: tuple[Edit, ...], lines: list[str]):
    return [types.TextEdit(range=lsp_range(types, lines, e.start, e.end), new_text=e.content)
            for e in edits]


def settings_for(path: str):
    from scanlint.core.settings import Settings
    from scanlint.engine.config import ConfigError, find_pyproject, load_settings

    try:
        return load_settings(find_pyproject(os.path.dirname(path) or os.getcwd()))
    except ConfigError:
        return Settings()


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

    from scanlint.engine.check import check_text, fix_text

    server = LanguageServer("scanlint", __version__, notebook_document_sync=(
        types.NotebookDocumentSyncOptions(notebook_selector=[
            types.NotebookDocumentFilterWithCells(
                cells=[types.NotebookCellLanguage(language="python")], notebook="*")],
            save=True)))
    checked: dict[str, tuple[str, list[Diagnostic]]] = {}
    notebooks: dict[str, CheckedNotebook] = {}  # by notebook uri

    def validate(ls, uri: str) -> None:
        document = ls.workspace.get_text_document(uri)
        path = document.path
        found = check_text(document.source, path, settings_for(path))
        checked[uri] = (document.source, found)
        lines = document.source.splitlines()
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=[to_lsp(types, d, lines) for d in found]))

    for method in (types.TEXT_DOCUMENT_DID_OPEN, types.TEXT_DOCUMENT_DID_CHANGE,
                   types.TEXT_DOCUMENT_DID_SAVE):
        server.feature(method)(lambda ls, params: validate(ls, params.text_document.uri))

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
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=cell_uri, diagnostics=diagnostics))

    for method in (types.NOTEBOOK_DOCUMENT_DID_OPEN, types.NOTEBOOK_DOCUMENT_DID_CHANGE,
                   types.NOTEBOOK_DOCUMENT_DID_SAVE):
        server.feature(method)(
            lambda ls, params: validate_notebook(ls, params.notebook_document.uri))

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_did_close(ls, params):
        result = notebooks.pop(params.notebook_document.uri, None)
        for cell_uri in result.cell_lines if result is not None else ():
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
        if uri not in checked:
            return []
        source, found = checked[uri]
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
        fixed = fix_text(source, path, settings_for(path))
        if fixed.applied:
            actions.append(fix_all_action(
                types, {uri: [whole_document_edit(types, lines, fixed.text)]}))
        return actions

    return server


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
