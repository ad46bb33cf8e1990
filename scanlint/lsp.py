"""`scanlint server`: a language server (pygls) over the same engine as the CLI.

Publishes diagnostics on open, change and save; offers each fix as a quick fix, "fix all"
(safe fixes) as a source action, and "add noqa" for each finding. Positions are converted to
LSP's UTF-16 columns.
"""

from __future__ import annotations

import os
import sys

from scanlint import __version__
from scanlint.diagnostic import Diagnostic, Edit, utf16_offset


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
    from scanlint.config import ConfigError, find_pyproject, load_settings
    from scanlint.settings import Settings

    try:
        return load_settings(find_pyproject(os.path.dirname(path) or os.getcwd()))
    except ConfigError:
        return Settings()


def build_server():
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    from scanlint.engine import check_text, fix_text

    server = LanguageServer("scanlint", __version__)
    checked: dict[str, tuple[str, list[Diagnostic]]] = {}

    def validate(ls, uri: str) -> None:
        document = ls.workspace.get_text_document(uri)
        path = document.path
        found = check_text(document.source, path, settings_for(path))
        checked[uri] = (document.source, found)
        lines = document.source.splitlines()
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=[to_lsp(types, d, lines) for d in found]))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls, params):
        validate(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls, params):
        validate(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls, params):
        validate(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll]))
    def code_action(ls, params):
        uri = params.text_document.uri
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
                actions.append(types.CodeAction(
                    title=d.fix.message + ("" if d.fix.applicability == "safe" else " (unsafe)"),
                    kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                    is_preferred=d.fix.applicability == "safe",
                    edit=types.WorkspaceEdit(changes={uri: text_edits(types, d.fix.edits, lines)})))
            actions.append(noqa_action(types, uri, d, diagnostic, lines))
        path = ls.workspace.get_text_document(uri).path
        fixed = fix_text(source, path, settings_for(path))
        if fixed.applied:
            end = types.Position(line=len(lines), character=0)
            actions.append(types.CodeAction(
                title="scanlint: fix all safe fixes", kind=types.CodeActionKind.SourceFixAll,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(
                    range=types.Range(start=types.Position(line=0, character=0), end=end),
                    new_text=fixed.text)]})))
        return actions

    return server


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
