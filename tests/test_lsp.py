"""The language server end to end, driven by pygls's own client over stdio."""

import asyncio
import sys

import pytest

pytest.importorskip("pygls")

SOURCE = ("import jax\n\ndef run(xs, k):\n    é = 1; step = lambda c, x: (c + é * k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")


async def session(tmp_path):
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("scanlint-test", "1")
    published: asyncio.Queue = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.put_nowait(params)

    await client.start_io(sys.executable, "-m", "scanlint", "server")
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=tmp_path.as_uri()))
    client.initialized(types.InitializedParams())
    path = tmp_path / "mod.py"
    path.write_text(SOURCE)
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                             text=SOURCE)))
    opened = await asyncio.wait_for(published.get(), 60)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=3, character=0),
                          end=types.Position(line=3, character=0)),
        context=types.CodeActionContext(diagnostics=opened.diagnostics)))
    fixed = SOURCE.replace("    é = 1; step = lambda c, x: (c + é * k * x, c)\n",
                           "    é = 1\n    def step(c, x):\n        return (c + é * k * x, c)\n")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    changed = await asyncio.wait_for(published.get(), 60)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return opened, actions, changed, uri


def test_language_server_publishes_and_fixes(tmp_path):
    from lsprotocol import types

    opened, actions, changed, uri = asyncio.run(session(tmp_path))
    [diagnostic] = opened.diagnostics
    assert diagnostic.code == "SCN001" and diagnostic.source == "scanlint"
    # `    é = 1; step`: é is one UTF-16 unit, so `step` starts at character 11
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (3, 11)
    titles = [a.title for a in actions]
    assert titles == ["Rewrite `step` as a `def`", "Add `# noqa: SCN001`",
                      "scanlint: fix all safe fixes"]
    quick = actions[0]
    assert quick.kind == types.CodeActionKind.QuickFix and quick.is_preferred
    [edit] = quick.edit.changes[uri]
    assert edit.new_text.startswith("    é = 1\n    def step(c, x):")
    noqa = actions[1].edit.changes[uri][0]
    assert noqa.new_text == "  # noqa: SCN001" and noqa.range.start.line == 3
    assert actions[2].kind == types.CodeActionKind.SourceFixAll
    assert list(changed.diagnostics) == []
