"""How often `verify` would vouch for a change it should not: plant single-token mutations in
the lines scanlint's fixes change in a real library's file, and verify each mutant against the
original with the library's own tests.

    PROJECT_VENV/bin/python benchmarks/verify_soundness.py SRC MODULE --pytest "tests/storm" \
        --param-style closure [--mutants 20] [--seed 0] [--max-calls 5] [--json out.json]

SRC is the library's source tree (its tests included), MODULE the file to fix, relative to
SRC; run it with the Python of a venv where the library, its test dependencies and scanlint
are installed (the tests run with `sys.executable`). SRC is copied; nothing in it changes.

Steps: fix MODULE (every fix, unsafe ones too, in the param style asked); record the calls
the tests make once, on the original; verify the fixed file against the original (the fixes'
own proof); then for each mutant (a number nudged, an operator swapped, an index shifted, on
a changed line of the fixed file) verify it against the original with the same recording. A
mutant must come out differs, failed or not exercised; "identical" is a proof that vouched for
a change it should have caught, unless the mutation cannot change what runs (read each one).
Also times a plain run of the tests against the recording run (the recorder's cost).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import fix_text  # noqa: E402
from scanlint.verify.changes import changes  # noqa: E402
from scanlint.verify.cli import Subject, record_subjects, verify_sources  # noqa: E402
from scanlint.verify.runner import RunOptions  # noqa: E402

SWAPS = {"+": "-", "-": "+", "*": "/", "/": "*", "<": "<=", "<=": "<", ">": ">=", ">=": ">",
         "==": "!=", "!=": "=="}


def mutants(source: str, lines: set[int]) -> list[tuple[str, str]]:
    """(what, mutated source) for every single-token mutation on ``lines``."""
    found = []
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    offsets = [0]
    for line in source.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    for index, token in enumerate(tokens):
        if token.start[0] not in lines:
            continue
        replacement = None
        if token.type == tokenize.NUMBER:
            replacement = nudged(token.string)
        elif token.type == tokenize.OP and token.string in SWAPS:
            replacement = SWAPS[token.string]
        elif token.type == tokenize.OP and token.string == "]" and index > 1 and \
                tokens[index - 1].type == tokenize.NAME and tokens[index - 2].string == "[":
            replacement = " + 1]"  # `a[i]` -> `a[i + 1]`
        if replacement is None:
            continue
        start = offsets[token.start[0] - 1] + token.start[1]
        end = offsets[token.end[0] - 1] + token.end[1]
        text = source[:start] + replacement + source[end:]
        try:
            compile(text, "<mutant>", "exec")
        except SyntaxError:
            continue
        found.append((f"line {token.start[0]}: {token.string!r} -> {replacement.strip()!r}", text))
    return found


def nudged(number: str) -> str | None:
    try:
        value = int(number, 0)
        return str(value + 1)
    except ValueError:
        pass
    try:
        return repr(float(number) * 1.5 + 0.25)
    except ValueError:
        return None  # complex literals


def outcome(report) -> str:
    if report.proven:
        return "identical"
    if report.error:
        return "failed"
    statuses = {f.status for f in report.functions} | {v.status for v in report.verdicts}
    return next((s for s in ("differs", "failed") if s in statuses), "not exercised")


def timed_tests(python: str, root: str, pytest_args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pytest_args],
                   cwd=root, capture_output=True, timeout=7200)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("module")
    parser.add_argument("--pytest", required=True, help="pytest's arguments, one string")
    parser.add_argument("--param-style", default="any")
    parser.add_argument("--mutants", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-calls", type=int, default=5,
                        help="calls recorded per function (fewer: faster replays)")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    pytest_args = args.pytest.split()
    with tempfile.TemporaryDirectory(prefix="scanlint-soundness-") as folder:
        root = os.path.join(folder, "src")
        shutil.copytree(args.src, root, symlinks=True)
        path = os.path.join(root, args.module)
        with open(path, encoding="utf-8") as handle:
            original = handle.read()
        settings = Settings(param_style=args.param_style)
        fixed = fix_text(original, path, settings, unsafe=True)
        if fixed.text == original:
            print(f"{args.module}: scanlint fixes nothing here")
            return 1
        print(f"{args.module}: {fixed.applied} fixes")
        plain = timed_tests(sys.executable, root, pytest_args)
        start = time.perf_counter()
        recording = record_subjects([Subject(path, original, fixed.text)], pytest_args, 7200,
                                    args.max_calls)
        recorded = time.perf_counter() - start
        print(f"tests: plain run {plain:.1f} s, recording run {recorded:.1f} s "
              f"({recorded / plain:.2f}x)")
        for warning in recording.warnings:
            print(f"  warning: {warning}")
        options = RunOptions(timeout=1800)
        proof = verify_sources(original, fixed.text, path, [], options, recording)
        print(f"the fixes themselves: {outcome(proof)}")
        for function in proof.functions:
            print(f"  {function.name}: {function.status} ({'; '.join(function.details)})")
        changed = {r.line for r in changes(original, fixed.text, path).new}
        candidates = mutants(fixed.text, changed)
        random.Random(args.seed).shuffle(candidates)
        results = []
        for what, text in candidates[:args.mutants]:
            started = time.perf_counter()
            report = verify_sources(original, text, path, [], options, recording)
            results.append({"mutation": what, "outcome": outcome(report),
                            "functions": {f.name: f.status for f in report.functions},
                            "seconds": round(time.perf_counter() - started, 1)})
            print(f"  {what}: {results[-1]['outcome']} ({results[-1]['seconds']} s)")
    counts = {k: sum(r["outcome"] == k for r in results)
              for k in ("identical", "differs", "failed", "not exercised")}
    print(f"mutants: {len(results)} of {len(candidates)} candidates; " +
          ", ".join(f"{k} {v}" for k, v in counts.items()))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"module": args.module, "fixes": fixed.applied, "proof": outcome(proof),
                       "functions": {f.name: f.status for f in proof.functions},
                       "plain_seconds": plain, "recording_seconds": recorded,
                       "mutants": results, "counts": counts}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
