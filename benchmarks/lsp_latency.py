"""How long the language server takes to publish diagnostics after an editor's change.

    python benchmarks/lsp_latency.py [FILE] [--edits 60] [--seed 0] [--json OUT]

Starts `scanlint server` and drives it with pygls's own LSP client over stdio, as an editor
does: opens FILE (default: jax's installed `_src/numpy/lax_numpy.py`), waits for its first
diagnostics, then sends ``--edits`` changes one at a time, each as an incremental change (a
range and its new text), and times each from sending it to receiving the diagnostics
published for its version. The edits, at random statements of the file:

- ``comment``: `  # note` appended to a code line;
- ``statement``: a line `x = 1` inserted before a statement, at its indentation;
- ``broken``: a line `x = (` inserted the same way (the file no longer parses until the next
  edit takes it out again: every third edit or so).

Each edit is undone by the next one of its kind's position (the file stays near its
original). Each latency is attributed to how the server handled it, found by running the
same checks (`engine/incremental.Document`) on the same texts in this process: ``reused``
(the last check carried over), ``broken`` (the last findings kept, with the syntax error),
``rechecked`` (checked again from the statements the edit left) or ``full`` (debounced,
then checked in full). Prints the
open time, then p50/p90/max per way handled (`how: ...`), per kind of edit (`kind: ...`) and for all edits after the first check, and the
mean CPU time the server spent per edit (user + system from /proc, in 10 ms ticks: on a
shared machine it says what the edit cost where wall time says how long it waited); then five
edits sent at once (a quick typist) at the top of the file, where each needs a full check:
the time until the last one's diagnostics and how many checks were published.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path


def default_file() -> Path:
    import jax

    return Path(jax.__file__).parent / "_src" / "numpy" / "lax_numpy.py"


def statement_starts(text: str) -> list[tuple[int, str]]:
    """(0-based line, indentation) of every statement that starts a line of its own."""
    lines = text.splitlines(True)
    found = set()
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.stmt):
            continue
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        line = lines[first - 1]
        indent = line[:len(line) - len(line.lstrip(" "))]
        if len(indent) == (node.col_offset if first == node.lineno else
                           node.decorator_list[0].col_offset - 1):
            found.add((first - 1, indent))
    return sorted(found)


class Session:
    """A client talking to `scanlint server`, and what it published, by version."""

    def __init__(self) -> None:
        from lsprotocol import types
        from pygls.lsp.client import LanguageClient

        self.types = types
        self.client = LanguageClient("scanlint-latency", "1")
        self.arrived: dict[int, float] = {}
        self.published: list[int] = []
        self.event = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params):
            self.arrived[params.version] = time.perf_counter()
            self.published.append(params.version)
            self.event.set()

    async def start(self, root: Path) -> None:
        types = self.types
        await self.client.start_io(sys.executable, "-m", "scanlint", "server")
        await self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=root.as_uri()))
        self.client.initialized(types.InitializedParams())

    def cpu_seconds(self) -> float:
        """The server process's user + system time so far (its threads included)."""
        with open(f"/proc/{self.client._server.pid}/stat") as handle:  # type: ignore[union-attr]
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    async def wait_for(self, version: int, timeout: float = 300) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.arrived:
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(0.0, deadline - time.perf_counter()))
        return self.arrived[version]

    def open(self, uri: str, text: str) -> None:
        types = self.types
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1,
                                                 text=text)))

    def change(self, uri: str, version: int, line: int, character: int, end_line: int,
               end_character: int, new_text: str) -> None:
        types = self.types
        at = types.Range(start=types.Position(line=line, character=character),
                         end=types.Position(line=end_line, character=end_character))
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=at,
                                                                    text=new_text)]))

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


class Edits:
    """The benchmark's edits of one text, each undone by the next at the same place."""

    def __init__(self, text: str, seed: int) -> None:
        self.text = text
        self.rng = random.Random(seed)
        self.starts = statement_starts(text)
        self.undo: tuple | None = None

    def next(self):
        """(kind, LSP range as 0-based (line, char, end line, end char), new text) and the
        text after it."""
        lines = self.text.splitlines(True)
        if self.undo is not None:
            kind, change = self.undo
            self.undo = None
        else:
            kind = self.rng.choice(["comment", "statement", "statement", "broken"])
            line, indent = self.rng.choice(self.starts)
            if kind == "comment":
                end = len(lines[line].rstrip("\n"))
                change = (line, end, line, end, "  # note")
                self.undo = (kind, (line, end, line, end + len("  # note"), ""))
            else:
                typed = indent + ("x = 1\n" if kind == "statement" else "x = (\n")
                change = (line, 0, line, 0, typed)
                self.undo = (kind, (line, 0, line + 1, 0, ""))
        self.text = apply(self.text, change)
        return kind, change, self.text


def apply(text: str, change: tuple) -> str:
    line, character, end_line, end_character, new_text = change
    lines = text.splitlines(True)
    start = sum(map(len, lines[:line])) + character  # ASCII edits: UTF-16 = code points
    end = sum(map(len, lines[:end_line])) + end_character
    return text[:start] + new_text + text[end:]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def measure(path: Path, edits: int, seed: int) -> dict:
    from scanlint.core.settings import Settings
    from scanlint.engine.incremental import Document, check

    text = path.read_text()
    session = Session()
    await session.start(path.parent)
    uri = path.as_uri()
    sent = time.perf_counter()
    session.open(uri, text)
    opened = await session.wait_for(1) - sent
    model = Edits(text, seed)
    here = Document()  # what the server decides, found again here
    here.record(check(text, str(path), Settings()))
    rows = []
    for version in range(2, edits + 2):
        kind, change, edited = model.next()
        handled = here.recheck(edited, Settings())
        here.record(handled if handled is not None else check(edited, str(path), Settings()))
        cpu, sent = session.cpu_seconds(), time.perf_counter()
        session.change(uri, version, *change)
        arrived = await session.wait_for(version)
        rows.append({"kind": kind, "how": handled.how if handled is not None else "full",
                     "seconds": arrived - sent, "cpu_seconds": session.cpu_seconds() - cpu})
    burst = await quick_typist(session, uri, edits + 2)
    await session.stop()
    return {"file": str(path), "lines": text.count("\n"), "open_s": opened, "edits": rows,
            "burst": burst, "load": os.getloadavg()}


async def quick_typist(session: Session, uri: str, first: int) -> dict:
    """Five edits sent at once, each a line added at the top of the file (where no edit
    keeps the last check): the time until the last one's diagnostics, and how many checks
    were published on the way."""
    published_before = len(session.published)
    sent = time.perf_counter()
    for offset in range(5):
        session.change(uri, first + offset, 0, 0, 0, 0, f"burst_{offset} = {offset}\n")
    seconds = await session.wait_for(first + 4) - sent
    return {"seconds": seconds, "publications": len(session.published) - published_before}


def report(result: dict) -> str:
    rows = result["edits"]
    out = [f"{result['file']} ({result['lines']:,} lines), load average "
           f"{', '.join(f'{x:.1f}' for x in result['load'])}",
           f"open: {result['open_s'] * 1000:.0f} ms",
           "| edits | n | p50 ms | p90 ms | max ms | server CPU mean ms |",
           "|---|---:|---:|---:|---:|---:|"]
    groups = {"all": rows}
    for key in ("how", "kind"):  # how the server handled it, then what the edit was
        for value in sorted({row[key] for row in rows}):
            groups[f"{key}: {value}"] = [row for row in rows if row[key] == value]
    for name, group in groups.items():
        seconds = [row["seconds"] * 1000 for row in group]
        cpu = statistics.mean(row["cpu_seconds"] * 1000 for row in group)
        out.append(f"| {name} | {len(group)} | {statistics.median(seconds):.0f} | "
                   f"{percentile(seconds, 0.9):.0f} | {max(seconds):.0f} | {cpu:.0f} |")
    burst = result["burst"]
    out.append(f"five edits at once: {burst['seconds'] * 1000:.0f} ms to the last one's "
               f"diagnostics, {burst['publications']} publication(s)")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="default: jax's lax_numpy.py")
    parser.add_argument("--edits", type=int, default=60, help="changes to time (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="which random edits")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as folder:  # no pyproject.toml of this repository
        path = Path(folder) / (args.file or default_file()).name
        shutil.copy(args.file or default_file(), path)
        result = asyncio.run(measure(path, args.edits, args.seed))
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
