"""`scanlint verify` on a blind set of planted changes and equivalent rewrites
(tests/verify_cases/<set>: each case a project before the change, the changed module, and
what to expect; tests/verify_cases/README.md): a planted change must never be proven
(identical or agrees), an equivalent rewrite the calls or tests exercise should be.

    python benchmarks/verify_blind.py tests/verify_cases/blind1 [--jobs 2] [--json out.json]
        [--witness] [CASE...]

Prints a line per case and the counts: planted proven (target 0), equivalents proven
(target all). With --witness, each planted case's witness is run on both versions first (the
case is sound only if it prints something else after the change).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from verify_harness import load_cases, run_case, witness_outputs  # noqa: E402


def one(case, witness: bool) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        found = {"case": case.name, "expect": case.expect, "class": case.kind}
        if witness and case.expect == "planted" and case.witness:
            old, new = witness_outputs(case, Path(folder))
            found["witness_differs"] = old != new
        outcome = run_case(case, Path(folder) / "run")
        found.update(proven=outcome.proven, right=outcome.right, code=outcome.code,
                     functions={name: f["status"] for name, f in outcome.functions.items()},
                     details={name: f["details"] for name, f in outcome.functions.items()},
                     error=(outcome.report or {}).get("error") or (
                         None if outcome.report else outcome.output[-600:]))
        return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json")
    parser.add_argument("--witness", action="store_true")
    args = parser.parse_args(argv)
    cases = [c for c in load_cases(Path(args.folder)) if not args.cases or c.name in args.cases]
    results = []
    with ThreadPoolExecutor(args.jobs) as pool:
        for found in pool.map(lambda case: one(case, args.witness), cases):
            results.append(found)
            verdict = "proven" if found["proven"] else "not proven"
            mark = "ok" if found["right"] else "WRONG"
            print(f"{mark:5} {found['case']} ({found['expect']}): {verdict} "
                  f"{found['functions']}{'' if not found['error'] else ' ' + found['error']}",
                  flush=True)
    planted = [r for r in results if r["expect"] == "planted"]
    equivalent = [r for r in results if r["expect"] == "equivalent"]
    print(f"planted proven: {sum(r['proven'] for r in planted)} of {len(planted)} (target 0); "
          f"equivalents proven: {sum(r['proven'] for r in equivalent)} of {len(equivalent)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    return 0 if all(r["right"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
