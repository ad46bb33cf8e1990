"""The proof against planted mutants: scanlint's own fixes in a real library, each mutated in
the functions the fix changed, each mutant verified against the original with the library's
tests; every mutant the proof calls identical or agrees is then searched for an input on
which the two versions differ.

    python benchmarks/verify_mutants.py --project /path/to/checkout --file pkg/mod.py \\
        --tests "tests/test_mod.py" --style closure [--max-mutants 150] [--jobs 2] \\
        [--out results.jsonl] [--label vbjax]

Run it with the Python of the library's environment (jax, pytest and scanlint installed).
Mutants (LibCST, in the changed functions of the fixed text): numbers nudged, arithmetic and
comparison operators swapped, `and`/`or` swapped, conditional arms swapped, defaults changed,
simple statements dropped, string keys changed. Each is verified as a user would verify a fix
with a bug in it: `verify ORIGINAL MUTANT --pytest TESTS`. The search runs the tests again on
both versions with every call into the module given other inputs of the same shapes and
dtypes (three seeds; Python bools flipped on odd ones): a difference there on a mutant called
identical is a soundness failure; on one called agrees, a difference on inputs the tests did
not make (counted apart).

Prints one line per mutant and a summary; with --out, one JSON object per mutant.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import fix_text  # noqa: E402
from scanlint.verify.cli import Subject, verify_subjects  # noqa: E402
from scanlint.verify.compare import DIFFERS  # noqa: E402
from scanlint.verify.probes import find_changes  # noqa: E402
from scanlint.verify.runs import RunOptions  # noqa: E402

SWAPS = {cst.Add: cst.Subtract, cst.Subtract: cst.Add, cst.Multiply: cst.Divide,
         cst.Divide: cst.Multiply, cst.LessThan: cst.LessThanEqual,
         cst.LessThanEqual: cst.LessThan, cst.GreaterThan: cst.GreaterThanEqual,
         cst.GreaterThanEqual: cst.GreaterThan, cst.Equal: cst.NotEqual,
         cst.NotEqual: cst.Equal, cst.And: cst.Or, cst.Or: cst.And}
SEEDS = (1, 2, 3)


class Mutator(cst.CSTTransformer):
    """Counts the mutation sites inside ``lines`` (a set of line numbers) and applies the
    ``target``-th (None: only count)."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, lines: set[int], target: int | None) -> None:
        self.lines, self.target = lines, target
        self.count = 0
        self.applied = ""

    def inside(self, node) -> bool:
        return self.get_metadata(PositionProvider, node).start.line in self.lines

    def site(self, original, updated, kind: str, make):
        if not self.inside(original):
            return updated
        index, self.count = self.count, self.count + 1
        if index != self.target:
            return updated
        self.applied = kind
        return make()

    def leave_Integer(self, original, updated):
        return self.site(original, updated, "number nudged", lambda: updated.with_changes(
            value=str(int(updated.evaluated_value) + 1)))

    def leave_Float(self, original, updated):
        return self.site(original, updated, "number nudged", lambda: updated.with_changes(
            value=repr(float(updated.evaluated_value) * 1.5 + 0.25)))

    def swapped(self, original, updated, kind: str):
        new = SWAPS.get(type(updated.operator))
        if new is None:
            return updated
        return self.site(original, updated, kind, lambda: updated.with_changes(operator=new()))

    def leave_BinaryOperation(self, original, updated):
        return self.swapped(original, updated, "operator swapped")

    def leave_BooleanOperation(self, original, updated):
        return self.swapped(original, updated, "and/or swapped")

    def leave_ComparisonTarget(self, original, updated):
        return self.swapped(original, updated, "comparison swapped")

    def leave_IfExp(self, original, updated):
        return self.site(original, updated, "conditional arms swapped",
                         lambda: updated.with_changes(body=updated.orelse, orelse=updated.body))

    def leave_Param(self, original, updated):
        if updated.default is None:
            return updated
        return self.site(original, updated, "default changed", lambda: updated.with_changes(
            default=cst.parse_expression(f"({cst.Module([]).code_for_node(updated.default)})"
                                         " * 2 + 1")))

    def leave_SimpleStatementLine(self, original, updated):
        if any(isinstance(s, (cst.Return, cst.Pass)) for s in updated.body):
            return updated
        return self.site(original, updated, "statement dropped", lambda: updated.with_changes(
            body=[cst.Pass()]))

    def leave_DictElement(self, original, updated):
        if not isinstance(updated.key, cst.SimpleString):
            return updated
        quote = updated.key.value[-1]
        return self.site(original, updated, "dict key changed", lambda: updated.with_changes(
            key=cst.SimpleString(updated.key.value[:-1] + "_x" + quote)))


def mutants(text: str, lines: set[int], limit: int) -> list[tuple[str, str, int]]:
    """(kind, mutated text, site) for up to ``limit`` sites spread over all of them."""
    module = MetadataWrapper(cst.parse_module(text))
    counter = Mutator(lines, None)
    module.visit(counter)
    step = max(1, counter.count // limit) if limit else 1
    found = []
    for target in range(0, counter.count, step):
        mutator = Mutator(lines, target)
        code = module.visit(mutator).code
        if code != text:
            found.append((mutator.applied, code, target))
    return found[:limit] if limit else found


def changed_lines(original: str, fixed: str) -> set[int]:
    """The lines of the functions the fix changed, in the fixed text."""
    import ast

    changes = find_changes(original, fixed)
    owners = {p.owner for p in changes.new}
    lines = set()
    tree = ast.parse(fixed)
    for node in tree.body:
        members = [(node.name, node)] if isinstance(node, ast.FunctionDef) else \
            [(f"{node.name}.{m.name}", m) for m in node.body if isinstance(m, ast.FunctionDef)] \
            if isinstance(node, ast.ClassDef) else []
        for name, member in members:
            if name in owners:
                lines.update(range(member.lineno, member.end_lineno + 1))
    return lines


def verdict(project: str, relative: str, original: str, new: str, tests: list[str],
            perturb: int | None = None):
    path = os.path.join(project, relative)
    with open(path, "w", encoding="utf-8") as out:
        out.write(new)
    [report] = verify_subjects([Subject(path, original, new)], [], tests,
                               RunOptions(pytest_timeout=3600, perturb=perturb)).values()
    return report


def judge(args, original: str, item: tuple[str, str, int], workers: list[str]) -> dict:
    kind, text, site = item
    project = workers.pop()
    try:
        report = verdict(project, args.file, original, text, args.tests)
        result = {"library": args.label, "file": args.file, "kind": kind, "site": site,
                  "proven": report.proven, "error": report.error,
                  "statuses": {f.name: f.status for f in report.functions}}
        if report.proven:
            result["strength"] = report.strength
            result["search"] = search(project, args, original, text)
        return result
    finally:
        workers.append(project)


def search(project: str, args, original: str, text: str) -> str:
    """`differs (seed N): ...` when the tests, with other inputs, tell the versions apart."""
    for seed in SEEDS:
        report = verdict(project, args.file, original, text, args.tests, perturb=seed)
        differing = [p for p in report.verdicts if p.status == DIFFERS]
        if differing:
            return f"differs (seed {seed}): {differing[0].name}: {differing[0].details[0]}"
    return "no difference found"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", required=True)
    parser.add_argument("--file", required=True, help="the module, relative to the project")
    parser.add_argument("--tests", nargs="+", required=True, help="pytest arguments")
    parser.add_argument("--style", default="default", choices=["default", "closure", "carry"])
    parser.add_argument("--max-mutants", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out")
    parser.add_argument("--label", default="")
    args = parser.parse_args(argv)
    args.label = args.label or os.path.basename(os.path.abspath(args.project))
    with open(os.path.join(args.project, args.file), encoding="utf-8") as handle:
        original = handle.read()
    settings = Settings() if args.style == "default" else Settings(param_style=args.style)
    fixed = fix_text(original, args.file, settings, unsafe=True).text
    if fixed == original:
        print(f"{args.file}: no fix in style {args.style}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        workers = []
        for index in range(args.jobs):
            copy = os.path.join(folder, f"w{index}")
            shutil.copytree(args.project, copy, symlinks=True,
                            ignore=shutil.ignore_patterns(".git", "__pycache__"))
            if not os.path.exists(os.path.join(copy, "pyproject.toml")):
                open(os.path.join(copy, "pyproject.toml"), "w").close()  # the project root
            workers.append(copy)
        own = verdict(workers[0], args.file, original, fixed, args.tests)
        print(f"the fix itself: {'proven (' + own.strength + ')' if own.proven else 'not proven'}"
              f"; {[(f.name, f.status) for f in own.functions]}")
        items = mutants(fixed, changed_lines(original, fixed), args.max_mutants)
        print(f"{len(items)} mutants")
        out = open(args.out, "a", encoding="utf-8") if args.out else None
        tally: dict[str, int] = {}
        with ThreadPoolExecutor(args.jobs) as pool:
            for result in pool.map(lambda item: judge(args, original, item, workers), items):
                key = (f"{result['strength']}, search {result['search'].split(' ')[0]}"
                       if result["proven"] else "not proven")
                tally[key] = tally.get(key, 0) + 1
                print(f"{result['kind']} #{result['site']}: {key}; {result['statuses']}"
                      + (f"; {result['search']}" if result.get("search") else ""), flush=True)
                if out:
                    out.write(json.dumps({**result, "own_fix_proven": own.proven}) + "\n")
                    out.flush()
        print(json.dumps(tally, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
