"""The language server end to end, driven by pygls's own client over stdio."""

import asyncio
import sys
from pathlib import Path

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
    assert edit.new_text.startswith("    é = 1\n\n    def step(c, x):")
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
    assert edit.range.start.line == 1
    assert edit.new_text.startswith("    é = 1\n\n    def step(c, x):")
    [noqa] = actions[1].edit.changes[cell_uris[2]]
    assert noqa.range.start.line == 1 and noqa.new_text == "  # noqa: SCN001"
    assert actions[2].kind == types.CodeActionKind.SourceFixAll
    [whole] = actions[2].edit.changes[cell_uris[2]]
    assert whole.new_text == CELLS[2][1].replace(
        "    é = 1; step = lambda c, x: (c + é * k * x, c)\n",
        "    é = 1\n\n    def step(c, x):\n        return (c + é * k * x, c)\n")
    assert set(actions[2].edit.changes) == {cell_uris[2]}  # the other cells are untouched


# -- versions, closing, severities, rule links, hover ---------------------------------------
def open_document(client, uri: str, text: str, version: int = 1) -> None:
    from lsprotocol import types

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version,
                                             text=text)))


def change_document(client, uri: str, text: str, version: int) -> None:
    from lsprotocol import types

    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def until_version(published: asyncio.Queue, uri: str, version: int) -> list:
    """Every publication up to the first one for ``version`` of ``uri``."""
    seen = []
    while True:
        params = await asyncio.wait_for(published.get(), 120)
        seen.append(params)
        if params.uri == uri and params.version == version:
            return seen


# SCN001 (step style) and, on the `out = ...` line, SCN202 (JAX rejects it) with a noqa
# comment naming a code.
GRADED = ("import jax\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n\n"
          "out = jax.lax.scan(lambda c, x: (c, c), 0.0, None)  # noqa: SCN101\n")


async def graded_session(tmp_path):
    from lsprotocol import types

    client, published, _ = await start(tmp_path, types.ClientCapabilities())
    uri = (tmp_path / "graded.py").as_uri()
    open_document(client, uri, GRADED)
    [opened] = await until_version(published, uri, 1)
    hovers = {}
    noqa_at = GRADED.splitlines()[6].index("SCN101") + 2
    for name, (line, character) in {"finding": (3, 6), "noqa": (6, noqa_at),
                                    "nothing": (0, 2)}.items():
        hovers[name] = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character)))
    change_document(client, uri, GRADED.replace("lambda c, x: (c, c), 0.0, None", "f, 0.0, xs"), 2)
    changed = await until_version(published, uri, 2)
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    closed = await asyncio.wait_for(published.get(), 60)
    await stop(client)
    return opened, hovers, changed, closed, uri


def test_diagnostics_are_versioned_graded_linked_and_cleared_on_close(tmp_path):
    from lsprotocol import types

    from scanlint.report.json import rule_url

    opened, hovers, changed, closed, uri = asyncio.run(graded_session(tmp_path))
    by_code = {d.code: d for d in opened.diagnostics}
    assert set(by_code) == {"SCN001", "SCN202"} and opened.version == 1
    assert by_code["SCN001"].severity == types.DiagnosticSeverity.Warning
    assert by_code["SCN202"].severity == types.DiagnosticSeverity.Error
    assert by_code["SCN202"].code_description.href == rule_url("SCN202", "scan-without-length")
    assert [d.code for d in changed[-1].diagnostics] == ["SCN001"]
    assert closed.uri == uri and list(closed.diagnostics) == []
    finding = hovers["finding"]
    assert finding.contents.kind == types.MarkupKind.Markdown
    assert finding.contents.value.startswith("**SCN001** (warning): Step function `step`")
    assert "### SCN001 lambda-step" in finding.contents.value
    assert finding.range == by_code["SCN001"].range
    noqa = hovers["noqa"]  # over SCN101 in the noqa comment: that rule's docs
    assert "### SCN101 carry-passthrough" in noqa.contents.value
    at = GRADED.splitlines()[6].index("SCN101")
    assert (noqa.range.start.character, noqa.range.end.character) == (at, at + 6)
    assert hovers["nothing"] is None


# -- quick edits: debounced, checked once, never published out of order -------------------
async def typing_session(tmp_path, path, edits):
    """Opens ``path``'s text, then sends ``edits`` (texts) as fast as the client can."""
    from lsprotocol import types

    client, published, _ = await start(tmp_path, types.ClientCapabilities())
    uri = path.as_uri()
    text = path.read_text()
    open_document(client, uri, text)
    await until_version(published, uri, 1)
    for version, edited in enumerate(edits, 2):
        change_document(client, uri, edited, version)
    seen = await until_version(published, uri, len(edits) + 1)
    await stop(client)
    return seen


def test_quick_edits_that_need_a_full_check_are_checked_once(tmp_path):
    path = tmp_path / "mod.py"
    path.write_text("# version 0\n" + SOURCE)
    # Each edit is of a comment above the first statement, which no statement of the last
    # check holds: none can start from it.
    edits = [f"# version {n}\n" + SOURCE for n in range(1, 6)]
    seen = asyncio.run(typing_session(tmp_path, path, edits))
    versions = [p.version for p in seen]
    assert versions[-1] == 6 and len(versions) < 5  # debounced: not one check per edit
    assert versions == sorted(versions)  # a stale check is never published after a newer one


def test_edits_of_the_statement_holding_a_site_are_each_checked_at_once(tmp_path):
    from scanlint.core.settings import Settings
    from scanlint.engine.check import check_text

    path = tmp_path / "mod.py"
    path.write_text(SOURCE)
    # Checked again from the statements each edit left: no pause, a publication each.
    edits = [SOURCE.replace("c + é", f"c + {n} * é") for n in range(1, 6)]
    seen = asyncio.run(typing_session(tmp_path, path, edits))
    assert [p.version for p in seen] == [2, 3, 4, 5, 6]
    assert [d.code for d in seen[-1].diagnostics] == [
        d.code for d in check_text(edits[-1], str(path), Settings())]


def test_an_edit_inside_a_stub_of_a_big_file_is_published_for_its_version(tmp_path):
    import shutil

    import jax

    path = tmp_path / "lax_numpy.py"
    shutil.copy(Path(jax.__file__).parent / "_src" / "numpy" / "lax_numpy.py", path)
    body = '  util.check_arraylike("copy", a)\n'
    text = path.read_text()
    edits = [text.replace(body, body + "  x = 1\n" * n) for n in range(1, 4)]
    seen = asyncio.run(typing_session(tmp_path, path, edits))
    assert [p.version for p in seen] == [2, 3, 4]  # each reused at once, none debounced
    assert all(list(p.diagnostics) == [] for p in seen)


# SCN212 follows values through the whole file (`Rule.PROGRAM`): the server publishes an
# edit at once with the last check's finding, and finds it again after a pause in the typing.
WHOLE_FILE = ("import jax\nimport jax.numpy as jnp\n\n\ndef scale(x):\n    return x * 2\n\n\n"
              "@jax.jit\ndef pad(x, n):\n    return jnp.zeros(n) + scale(x)\n")


async def whole_file_session(tmp_path, path, edited):
    from lsprotocol import types

    client, published, _ = await start(tmp_path, types.ClientCapabilities())
    uri = path.as_uri()
    open_document(client, uri, path.read_text())
    await until_version(published, uri, 1)
    change_document(client, uri, edited, 2)
    seen = await until_version(published, uri, 2)
    while not any(d.code == "SCN212" and d.range.start.line == 11 for d in seen[-1].diagnostics):
        seen.append(await asyncio.wait_for(published.get(), 60))
    await stop(client)
    return seen


def test_whole_file_findings_are_found_again_after_a_pause(tmp_path):
    from scanlint.core.settings import Settings
    from scanlint.engine.check import check_text
    from scanlint.engine.incremental import Document, check, with_program_findings

    path = tmp_path / "mod.py"
    path.write_text(WHOLE_FILE)
    edited = WHOLE_FILE.replace("    return x * 2\n", "    y = x * 2\n    return y\n")
    expected = [(d.code, d.start.line - 1) for d in check_text(edited, str(path), Settings())]
    assert expected == [("SCN212", 11)]
    # What the server does at once: the last check's finding, moved, to be found again.
    document = Document()
    document.record(check(WHOLE_FILE, str(path), Settings()))
    at_once = document.recheck(edited, Settings(), program_later=True)
    assert at_once is not None and at_once.program_pending
    again = with_program_findings(at_once)
    assert not again.program_pending
    assert [(d.code, d.start.line - 1) for d in again.diagnostics] == expected
    # And end to end: the last publication for the edit's version is the full check's.
    seen = asyncio.run(whole_file_session(tmp_path, path, edited))
    assert seen[-1].version == 2
    assert [(d.code, d.range.start.line) for d in seen[-1].diagnostics] == expected
