"""The proof against planted mutants: scanlint's own fixes in a real library, each mutated in
the functions the fix changed, each mutant verified against the original with the library's
tests; every mutant the proof calls identical or agrees is then searched for an input on
which the two versions differ.

    python benchmarks/verify_mutants.py --project /path/to/checkout --file pkg/mod.py \\
        --pytest="tests/test_mod.py -k step" --style closure [--max-mutants 150] [--skip N] \\
        [--jobs 2] [--out results.jsonl] [--label vbjax]

Run it with the Python of the library's environment (jax, pytest and scanlint installed).
Mutants (LibCST, in the changed functions of the fixed text): numbers nudged, arithmetic and
comparison operators swapped, `and`/`or` swapped, conditional arms swapped, defaults changed,
simple statements dropped, string keys changed. Each is verified as a user would verify a fix
with a bug in it, `verify ORIGINAL MUTANT --pytest TESTS`, except that the original's two runs
are made once for all mutants, with a probe on every token of its changed functions (each
mutant's verdict reads the probes its own diff asks for). That shortcut only sorts: a mutant
it calls proven is verified again whole, as `verify` does, and that verdict is the one counted
(the shortcut misses calls of a factory whose closure the mutant changed). The search runs the tests again on
both versions with every call into the module given other inputs of the same shapes and
dtypes (three seeds; Python bools flipped on odd ones): a difference there on a mutant called
identical is a soundness failure; on one called agrees, a difference on inputs the tests did
not make (counted apart).

Prints one line per mutant and a summary; with --out, one JSON object per mutant.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import fix_text  # noqa: E402
from scanlint.verify.cli import (  # noqa: E402
    Subject, VerifyReport, plan_subject, report_of, session_of, session_warnings,
    verify_subjects)
from scanlint.verify.compare import DIFFERS, EQUAL, pair_logs  # noqa: E402
from scanlint.verify.loading import locate_module, project_root  # noqa: E402
from scanlint.verify.probes import (  # noqa: E402
    MODULE_LEVEL, Changes, Positions, Probe, changed_tokens, find_changes, owners,
    probes_for_gap, probes_for_token, tokens)
from scanlint.verify.runs import RunOptions, Version, run_versions  # noqa: E402

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


def changed_functions(original: str, fixed: str) -> set[str]:
    return {p.owner for p in find_changes(original, fixed).new}


def function_lines(text: str, names: set[str]) -> set[int]:
    """The lines of the top-level functions and methods called ``names`` in ``text``."""
    lines = set()
    for node in ast.parse(text).body:
        members = [(node.name, node)] if isinstance(node, ast.FunctionDef) else \
            [(f"{node.name}.{m.name}", m) for m in node.body if isinstance(m, ast.FunctionDef)] \
            if isinstance(node, ast.ClassDef) else []
        for name, member in members:
            if name in names:
                lines.update(range(member.lineno, member.end_lineno + 1))
    return lines


def key(probe: Probe) -> tuple:
    return probe.kind, tuple(probe.at), probe.param


def superset(original: str, fixed: str, first: int) -> list[Probe]:
    """A probe on every token (and between every two tokens) of the original's changed
    functions, and on what the fix changed: whatever a mutant's diff asks of the original
    is one of these. The old version runs once with all of them."""
    where = Positions(original)
    toks = tokens(original)
    lines = function_lines(original, changed_functions(original, fixed))
    _, _, changed, _, gaps, _ = changed_tokens(original, fixed)
    found: dict[tuple, Probe] = {}
    for index, token in enumerate(toks):
        if token.start[0] in lines or index in changed:
            for probe in probes_for_token(token, where, original):
                found.setdefault(key(probe), probe)
        if token.start[0] in lines or index in gaps:
            for probe in probes_for_gap(toks, index, where, original):
                found.setdefault(key(probe), probe)
    holders = owners(where.tree)
    return [Probe(first + n, p.kind, p.at, p.line, p.text,
                  *holders.get(p.line, (MODULE_LEVEL, "")), p.param)
            for n, p in enumerate(found.values())]


class Bench:
    """The old version's two runs (with the superset of probes), and each mutant's own run
    judged against them as `verify` judges a pair of versions."""

    def __init__(self, args, original: str, fixed: str) -> None:
        self.args, self.original = args, original
        self.path = os.path.abspath(os.path.join(args.project, args.file))
        self.tests = args.tests
        self.probes = {key(p): p for p in superset(original, fixed, 1_000_000)}
        location = locate_module(self.path)
        session = {"versions": [Version(location, original, tuple(self.probes.values()))],
                   "calls": [], "pytest_args": self.tests, "root": project_root(self.path)}
        self.old, self.again = run_versions([session, session], RunOptions(pytest_timeout=7200))
        if self.old.error or self.again.error:
            raise SystemExit(f"the old version did not run: {self.old.error or self.again.error}")

    def verdict(self, text: str, perturb: int | None = None,
                whole: bool = False) -> VerifyReport:
        item = plan_subject(Subject(self.path, self.original, text), [], True, 1)
        if item.error:
            return VerifyReport([], item.error)
        missing = [p for p in item.changes.old if key(p) not in self.probes]
        options = RunOptions(pytest_timeout=7200, perturb=perturb)
        if missing or whole or perturb is not None:  # verify the pair whole, as `verify` does
            [report] = verify_subjects([item.subject], [], self.tests, options).values()
            return report
        item.changes = Changes([replace(self.probes[key(p)], owner=p.owner, where=p.where)
                                for p in item.changes.old], item.changes.new)
        [new] = run_versions([session_of([item], 1, self.tests)], options)
        if new.error:
            return VerifyReport([], f"after: {new.error}")
        logs = [self.old, new]
        pairs = pair_logs(self.old.records, new.records, self.again.records)
        return report_of(item, pairs, logs, session_warnings(logs, True), True)


def judge(bench: Bench, item: tuple[str, str, int]) -> dict:
    kind, text, site = item
    report = bench.verdict(text)
    if report.proven:  # the shared old runs are a shortcut: what counts is `verify`'s own verdict
        report = bench.verdict(text, whole=True)
    result = {"library": bench.args.label, "file": bench.args.file, "kind": kind, "site": site,
              "proven": report.proven, "error": report.error,
              "statuses": {f.name: f.status for f in report.functions}}
    if report.proven:
        result["strength"] = report.strength
        result["search"] = search(bench, text)
    return result


def search(bench: Bench, text: str) -> str:
    """`differs (seed N): ...` when the tests, with other inputs, tell the versions apart;
    `incomplete (...)` when a seed's calls were not all compared (a run that failed or timed
    out searched nothing, and is not counted as finding no difference)."""
    unsearched = []
    for seed in SEEDS:
        try:
            report = bench.verdict(text, perturb=seed)
        except Exception as error:  # a run that could not be made
            unsearched.append(f"seed {seed}: {type(error).__name__}")
            continue
        differing = [p for p in report.verdicts if p.status == DIFFERS]
        if differing:
            return f"differs (seed {seed}): {differing[0].name}: {differing[0].details[0]}"
        if not report.verdicts or any(p.status != EQUAL for p in report.verdicts):
            statuses = sorted({p.status for p in report.verdicts}) or ["no call compared"]
            unsearched.append(f"seed {seed}: {', '.join(statuses)}")
    if unsearched:
        return f"incomplete ({'; '.join(unsearched)})"
    return "no difference found"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", required=True)
    parser.add_argument("--file", required=True, help="the module, relative to the project")
    parser.add_argument("--pytest", required=True, dest="tests",
                        help='pytest\'s arguments as one shell line: --pytest="-k x tests/"')
    parser.add_argument("--style", default="default", choices=["default", "closure", "carry"])
    parser.add_argument("--max-mutants", type=int, default=150)
    parser.add_argument("--skip", type=int, default=0,
                        help="leave out the sample's first N mutants (resume a stopped run)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out")
    parser.add_argument("--label", default="")
    args = parser.parse_args(argv)
    args.tests = shlex.split(args.tests)
    args.label = args.label or os.path.basename(os.path.abspath(args.project))
    with open(os.path.join(args.project, args.file), encoding="utf-8") as handle:
        original = handle.read()
    settings = Settings() if args.style == "default" else Settings(param_style=args.style)
    fixed = fix_text(original, args.file, settings, unsafe=True).text
    if fixed == original:
        print(f"{args.file}: no fix in style {args.style}")
        return 0
    bench = Bench(args, original, fixed)
    own = bench.verdict(fixed)
    print(f"the fix itself: {'proven (' + own.strength + ')' if own.proven else 'not proven'}"
          f"; {[(f.name, f.status) for f in own.functions]}", flush=True)
    items = mutants(fixed, function_lines(fixed, changed_functions(original, fixed)),
                    args.max_mutants)[args.skip:]
    print(f"{len(items)} mutants; the old version ran with {len(bench.probes)} probes",
          flush=True)
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    tally: dict[str, int] = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        for result in pool.map(lambda item: judge(bench, item), items):
            label = (f"{result['strength']}, search {result['search'].split(' ')[0]}"
                     if result["proven"] else "not proven")
            tally[label] = tally.get(label, 0) + 1
            print(f"{result['kind']} #{result['site']}: {label}; {result['statuses']}"
                  + (f"; {result['search']}" if result.get("search") else ""), flush=True)
            if out:
                out.write(json.dumps({**result, "own_fix": own.strength if own.proven
                                      else "not proven"}) + "\n")
                out.flush()
    print(json.dumps(tally, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
