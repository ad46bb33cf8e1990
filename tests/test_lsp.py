"""The language server end to end, driven by pygls's own client over stdio."""

import asyncio
import sys

import pytest

pytest.importorskip("pygls")

SOURCE = ("import jax\n\ndef run(xs, k):\n    é = 1; step = lambda c, x: (c + é * k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")


async def start(tmp_path, capabilities):
    """A client talking to `scanlint server`, the queue of what it publishes, and the
    server's capabilities."""
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("scanlint-test", "1")
    published: asyncio.Queue = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.put_nowait(params)

    await client.start_io(sys.executable, "-m", "scanlint", "server")
    result = await client.initialize_async(types.InitializeParams(
        capabilities=capabilities, root_uri=tmp_path.as_uri()))
    client.initialized(types.InitializedParams())
    return client, published, result.capabilities


async def stop(client):
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


async def session(tmp_path):
    from lsprotocol import types

    client, published, _ = await start(tmp_path, types.ClientCapabilities())
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
    await stop(client)
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


# -- notebooks (LSP 3.17 notebookDocument/*) ---------------------------------------------
CELLS = [
    ("markdown", "# Setup — réglages"),
    ("code", "%matplotlib inline\nimport jax\nk = 2.0"),
    ("code", "def run(xs):\n    é = 1; step = lambda c, x: (c + é * k * x, c)\n"
             "    return jax.lax.scan(step, 0.0, xs)"),
]


async def notebook_session(tmp_path):
    from lsprotocol import types

    client, published, capabilities = await start(tmp_path, types.ClientCapabilities(
        notebook_document=types.NotebookDocumentClientCapabilities(
            synchronization=types.NotebookDocumentSyncClientCapabilities())))
    notebook_uri = (tmp_path / "nb.ipynb").as_uri()
    cell_uris = [f"vscode-notebook-cell:{tmp_path / 'nb.ipynb'}#cell{i}" for i in range(3)]
    kinds = {"markdown": types.NotebookCellKind.Markup, "code": types.NotebookCellKind.Code}
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=notebook_uri, notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(kind=kinds[kind], document=uri)
                   for (kind, _), uri in zip(CELLS, cell_uris)]),
        cell_text_documents=[types.TextDocumentItem(
            uri=uri, language_id="markdown" if kind == "markdown" else "python", version=1,
            text=text) for (kind, text), uri in zip(CELLS, cell_uris)]))
    opened = [await asyncio.wait_for(published.get(), 60) for _ in range(2)]
    by_uri = {p.uri: p.diagnostics for p in opened}
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=cell_uris[2]),
        range=types.Range(start=types.Position(line=1, character=0),
                          end=types.Position(line=1, character=0)),
        context=types.CodeActionContext(diagnostics=by_uri[cell_uris[2]])))
    await stop(client)
    return capabilities, by_uri, actions, cell_uris


def test_language_server_checks_notebook_cells(tmp_path):
    from lsprotocol import types

    capabilities, by_uri, actions, cell_uris = asyncio.run(notebook_session(tmp_path))
    assert capabilities.notebook_document_sync is not None
    assert list(by_uri[cell_uris[1]]) == []  # every code cell is published, found or not
    [diagnostic] = by_uri[cell_uris[2]]  # `k` from cell 2 resolves in cell 3
    assert diagnostic.code == "SCN001"
    # line 2 of the cell; `    é = 1; step`: é is one UTF-16 unit, `step` at character 11
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (1, 11)
    assert [a.title for a in actions] == ["Rewrite `step` as a `def`", "Add `# noqa: SCN001`",
                                          "scanlint: fix all safe fixes"]
    [edit] = actions[0].edit.changes[cell_uris[2]]
    assert edit.range.start.line == 1 and edit.new_text.startswith("    é = 1\n    def step(c, x):")
    [noqa] = actions[1].edit.changes[cell_uris[2]]
    assert noqa.range.start.line == 1 and noqa.new_text == "  # noqa: SCN001"
    assert actions[2].kind == types.CodeActionKind.SourceFixAll
    [whole] = actions[2].edit.changes[cell_uris[2]]
    assert whole.new_text == CELLS[2][1].replace(
        "    é = 1; step = lambda c, x: (c + é * k * x, c)\n",
        "    é = 1\n    def step(c, x):\n        return (c + é * k * x, c)\n")
    assert set(actions[2].edit.changes) == {cell_uris[2]}  # the other cells are untouched
