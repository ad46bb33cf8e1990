"""Findings and fixes with the selection of what LibCST parses on, and off: they must be the
same, byte for byte. Run on the same code version, so it keeps proving the contract of
docs/architecture.md ("What LibCST sees") after any rule changes.

    python benchmarks/slice_equivalence.py [TREE...] [--jobs N] [--no-fix] [--verbose]

Default trees: the standard library and the installed jax, flax and optax. For every file
the text prefilter passes (no other file reaches the selection), with each param style:
the diagnostics as plain data (what the JSON output and the cache hold: spans, messages,
fix edits, noqa lines), then the text `--fix --unsafe-fixes` produces and the diagnostics
left; and, from a full parse, that no site is in a file the prefilters drop or in a stub.
Also prints how much of the parsed files LibCST saw, and the engine's parse statistics
(`engine.check.ParseStats`): per file, the widenings (`OutsideSlice`: a question about a stub, so
LibCST parses again with more), the lines LibCST parsed at first and in the end, and, for
every widening, what was asked for and the scanlint frames that asked, innermost first (the
rule or guard is the last one). A file that ends up parsed whole is marked WHOLE FILE.
`--verbose` lists every file LibCST parses, widened or not.

With --stubs, every file instead gets the narrowest selection (every def and class that
can be a stub is one, whatever the sites) and LibCST's tree of it is compared with a full
parse: each other statement node for node (whitespace and comments included), the module's
header, footer, indentation and newline, and the statements' positions. This tests the stubs
on every file of the trees, not only on files with loops.

Exit 1 if anything differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from corpus import STYLES, default_trees  # noqa: E402  (the same trees and styles)
from scanlint.core.diagnostic import diagnostic_to_dict  # noqa: E402
from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine import check  # noqa: E402
from scanlint.engine.check import check_text, fix_text  # noqa: E402
from scanlint.prefilter import slicing
from scanlint.prefilter.syntax import may_have_site, parse, text_may_hold_site  # noqa: E402
from scanlint.prefilter.text import may_contain_site  # noqa: E402
from scanlint.source.discovery import discover
from scanlint.source.reading import read_source
from scanlint.source.source_file import SourceError


# The engine's parse statistics (`engine.check.ParseStats`) of every check made with the selection
# on, while one file is compared.
PARSES: list = []


def _with_selection(on: bool, function, *args):
    previous = os.environ.get(slicing.FULL_PARSE_VARIABLE)
    os.environ[slicing.FULL_PARSE_VARIABLE] = "0" if on else "1"
    check.PARSE_LOG = PARSES if on else None
    try:
        return function(*args)
    finally:
        check.PARSE_LOG = None
        if previous is None:
            del os.environ[slicing.FULL_PARSE_VARIABLE]
        else:
            os.environ[slicing.FULL_PARSE_VARIABLE] = previous


def outcome(text: str, path: str, settings: Settings, fix: bool, on: bool):
    """What the user sees of one file: the findings, and the fixed text with what is left."""
    found = [diagnostic_to_dict(d) for d in _with_selection(on, check_text, text, path, settings)]
    if not fix or not any(d["fix"] for d in found):
        return found, None
    fixed = _with_selection(on, fix_text, text, path, settings, True)
    return found, (fixed.text, fixed.applied, [diagnostic_to_dict(d) for d in
                                               fixed.errors + fixed.diagnostics])


# The corpus's styles, and the rules in preview (SCN302, SCN303): their sites go through the
# same selection.
CHECKED = {**STYLES, "preview": Settings(preview=True)}


def compare_text(text: str, path: str, fix: bool = True) -> list[str]:
    """The styles under which the selection changes what ``text`` gives; empty when none."""
    return [name for name, settings in CHECKED.items()
            if outcome(text, path, settings, fix, True)
            != outcome(text, path, settings, fix, False)]


def selection_misses(text: str) -> list[str]:
    """The sites a full parse finds that the prefilters or the first selection would leave
    out (both modes above share the prefilters, so the comparison alone cannot see this)."""
    import libcst as cst

    from scanlint.semantic.model import FileModel

    tree = parse(text)
    try:
        model = FileModel(cst.parse_module(text), text, tree)
    except Exception:
        return []
    from scanlint.semantic.jit_iterations import array_iterations, layer_loops
    from scanlint.semantic.jit_loops import jit_comprehensions, jit_loops

    lines = [model.range_of(site.call, site.statement).start.line for site in model.sites]
    # SCN301's sites: the loops and comprehensions under jit, and the defs jit traces them in;
    # SCN302's iterations over arrays and SCN303's loops over layers.
    for loop in [*jit_loops(model), *jit_comprehensions(model)]:
        lines += [model.range_of(_node_of(loop)).start.line,
                  model.range_of(loop.jitted.node).start.line]
    for found in [*array_iterations(model), *layer_loops(model)]:
        lines.append(model.range_of(_node_of(found)).start.line)
    model.close()
    if not lines:
        return []
    if not (text_may_hold_site(text) and may_have_site(text, tree)):
        return [f"a prefilter drops the file (sites on lines {lines})"]
    selection = slicing.select(text, tree)
    stubs = selection.stubs.values() if selection is not None else ()
    return [f"the site on line {line} is in a stub" for line in lines
            if any(stub.first <= line <= stub.last for stub in stubs)]


def _node_of(found) -> object:
    """The statement or expression an SCN301 site is: a `for` loop or a comprehension."""
    return getattr(found, "loop", None) or found.node


def selection_size(text: str) -> tuple[int, int]:
    """(lines of the file, lines LibCST parses at first): stub bodies are left out."""
    lines = text.count("\n") + 1
    tree = parse(text)
    if not may_have_site(text, tree):
        return lines, 0
    selection = slicing.select(text, tree)
    if selection is None:
        return lines, lines
    return lines, lines - sum(stub.last - stub.first + 1 for stub in selection.stubs.values())


def stub_fidelity(text: str) -> list[str]:
    """What differs between a full parse of ``text`` and a parse of its narrowest
    selection, outside the stubs; empty when nothing does."""
    import libcst as cst

    from scanlint.core.diagnostic import LineIndex
    from scanlint.semantic.positions import Mismatch, StatementPositions

    tree = parse(text)
    selection = slicing.every_stub(text, tree) if tree is not None else None
    if selection is None:
        return []
    try:
        full = cst.parse_module(text)
    except Exception:
        return []  # nothing to compare with
    sliced = selection.source()
    try:
        module = cst.parse_module(sliced.text)
    except Exception as error:
        return [f"the sliced text does not parse: {type(error).__name__}: {error}"]
    stubs = sliced.stub_nodes(module)
    problems = []
    if len(stubs) != len(selection.stubs):
        problems.append(f"{len(selection.stubs)} stubs made, {len(stubs)} found")
    if len(full.body) != len(module.body):
        return problems + ["a different number of statements"]
    for name in ("header", "footer", "default_indent", "default_newline",
                 "has_trailing_newline"):
        if not _same(getattr(full, name), getattr(module, name)):
            problems.append(f"module {name}")
    for number, (whole, part) in enumerate(zip(full.body, module.body), 1):
        if id(part) not in stubs and not _same_outside(whole, part, stubs):
            problems.append(f"statement {number}")
    index = LineIndex(text)
    try:
        StatementPositions(full, text, index, tree)
        try:
            StatementPositions(module, text, index, sliced.tree)
        except Mismatch as error:
            problems.append(f"positions: {error}")
    except Mismatch:
        pass  # the full parse falls back to LibCST's positions too
    return problems


def _same_outside(whole, part, stubs) -> bool:
    """``whole`` (a full parse's statement) is ``part`` but for the stubs among its members."""
    members = getattr(getattr(part, "body", None), "body", None)
    if not (isinstance(members, (list, tuple)) and any(id(m) in stubs for m in members)):
        return whole.deep_equals(part)
    if len(whole.body.body) != len(members):
        return False
    empty = [whole, part]
    empty = [s.with_changes(body=s.body.with_changes(body=[])) for s in empty]
    return empty[0].deep_equals(empty[1]) and all(
        id(m) in stubs or w.deep_equals(m) for w, m in zip(whole.body.body, members))


def _same(a, b) -> bool:
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a.deep_equals(b) if hasattr(a, "deep_equals") else a == b


def fidelity_file(path: str) -> dict:
    try:
        text = read_source(path).text
    except SourceError:
        return {"path": path, "skipped": True}
    try:
        problems = stub_fidelity(text)
    except Exception as error:  # reported, never hidden
        problems = [f"crash: {type(error).__name__}: {error}"]
    return {"path": path, "skipped": False, "differing": problems}


def one_file(job: tuple[str, bool]) -> dict:
    path, fix = job
    try:
        text = read_source(path).text
    except SourceError:
        return {"path": path, "skipped": True}
    if not may_contain_site(text):
        return {"path": path, "skipped": True}
    start = time.process_time()
    PARSES.clear()
    try:
        differing = compare_text(text, path, fix) + selection_misses(text)
    except Exception as error:  # reported, never hidden
        differing = [f"crash: {type(error).__name__}: {error}"]
    lines, parsed = selection_size(text)
    if PARSES:
        parsed = PARSES[0].parsed[0]
    # The first check (default settings) is what `scanlint check` does; the others (param
    # styles, fix rounds) may ask for more.
    first = PARSES[0] if PARSES else None
    return {"path": path, "skipped": False, "differing": differing, "lines": lines,
            "parsed": parsed, "seconds": time.process_time() - start,
            "checks": len(PARSES),
            "widenings": first.widenings if first else 0,
            "final": first.parsed[-1] if first else 0,
            "total": sum(first.parsed) if first else 0,
            "full": bool(first and first.full),
            "needs": list(first.needs) if first else [],
            "max_widenings": max((p.widenings for p in PARSES), default=0),
            "max_final": max((p.parsed[-1] for p in PARSES), default=0),
            "any_full": any(p.full for p in PARSES),
            "all_needs": sorted({n for p in PARSES for n in p.needs})}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-fix", action="store_true", help="compare findings only")
    parser.add_argument("--verbose", action="store_true",
                        help="list every file LibCST parses, widened or not")
    parser.add_argument("--stubs", action="store_true",
                        help="compare the narrowest selection's tree with a full parse")
    args = parser.parse_args(argv)
    trees = args.trees or default_trees()
    files = discover(trees, respect_gitignore=False).files
    start = time.perf_counter()
    if args.stubs:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(fidelity_file, files, chunksize=8))
        differing = [r for r in results if not r["skipped"] and r["differing"]]
        print("trees: " + ", ".join(trees))
        print(f"files: {len(files)}  with stubs compared node for node: differing: "
              f"{len(differing)}  ({time.perf_counter() - start:.0f} s)")
        for r in differing:
            print(f"DIFFERS {r['path']}: {', '.join(r['differing'][:5])}")
        return 1 if differing else 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one_file, [(f, not args.no_fix) for f in files], chunksize=8))
    compared = [r for r in results if not r["skipped"]]
    differing = [r for r in compared if r["differing"]]
    print("trees: " + ", ".join(trees))
    print(f"files: {len(files)}  compared (pass the text prefilter): {len(compared)}  "
          f"differing: {len(differing)}  ({time.perf_counter() - start:.0f} s)")
    parsed = [r for r in compared if r["parsed"]]
    if parsed:
        total = sum(r["lines"] for r in parsed)
        seen = sum(r["parsed"] for r in parsed)
        print(f"files LibCST parses: {len(parsed)}, {total} lines; its first selection holds "
              f"{seen} of them ({100 * seen / total:.0f}%)")
    print_parses(compared, args.verbose)
    for r in differing:
        print(f"DIFFERS {r['path']}: {', '.join(r['differing'])}")
    return 1 if differing else 0


def print_parses(compared: list[dict], verbose: bool) -> None:
    """Widenings and lines parsed in the end, for `scanlint check` (default settings) and
    over every check made (three param styles, every fix round)."""
    checked = [r for r in compared if r.get("checks")]
    if not checked:
        return
    first = sum(r["parsed"] for r in checked)
    final = sum(r["final"] for r in checked)
    print(f"scanlint check (default settings): {len(checked)} files reach LibCST; first "
          f"selections {first} lines, parsed in the end {final} lines; "
          f"{sum(r['widenings'] for r in checked)} widenings in "
          f"{sum(1 for r in checked if r['widenings'])} files; "
          f"{sum(1 for r in checked if r['full'])} files parsed whole after a selection; "
          f"lines of every parse: {sum(r['total'] for r in checked)}")
    print(f"every check (styles, fix rounds): {sum(r['checks'] for r in checked)} checks; "
          f"files widened at least once: {sum(1 for r in checked if r['max_widenings'])}; "
          f"parsed whole after a selection: {sum(1 for r in checked if r['any_full'])}")
    for r in sorted(checked, key=lambda r: (-r["max_widenings"], r["path"])):
        if not (r["max_widenings"] or verbose):
            continue
        print(f"  {r['path']}: {r['lines']} lines, first {r['parsed']}, check: "
              f"{r['widenings']} widenings -> {r['final']} lines"
              f"{' (WHOLE FILE)' if r['full'] else ''}; every check: at most "
              f"{r['max_widenings']} -> {r['max_final']}"
              f"{' (WHOLE FILE)' if r['any_full'] else ''}")
        for need in r["all_needs"]:
            print(f"      {need}")


if __name__ == "__main__":
    sys.exit(main())
