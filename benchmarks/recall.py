"""Recall of the SCN2xx rules on scan mistakes users reported (benchmarks/recall_cases.py),
and their false positives on the corrected look-alikes.

    python benchmarks/recall.py                          # the table docs/corpus.md shows
    python benchmarks/recall.py --cases holdout          # the holdout set, recall_holdout_cases.py
    python benchmarks/recall.py --cases holdout --jax    # also check every case under JAX
    python benchmarks/recall.py --cases holdout2         # the second, recall_holdout2_cases.py
    python benchmarks/recall.py --cases holdout3         # the third, recall_holdout3_cases.py
    python benchmarks/recall.py --cases holdout4         # the fourth, recall_holdout4_cases.py

With `--cases holdout` (or `holdout2`, `holdout3`, `holdout4`) every missed case is printed with its note (the variant
of writing it represents). Cases labelled ("none",) belong to no rule: they count neither for
recall nor (their mistakes) as findings, but any SCN2xx/SCN3xx finding on them is listed, and a
finding on their look-alikes is a false positive like any other.

tests/test_recall_corpus.py runs every reproduction under JAX (it must fail or misbehave as
reported, its look-alike must not) and holds the rules to these figures.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_cases import CASES, Case  # noqa: E402
from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import check_text  # noqa: E402

SETTINGS = Settings()  # the defaults: every SCN2xx rule on


@dataclass
class Score:
    """One rule's figures: visible reproductions and how many it reported, reproductions
    whose mistake is not visible (and how many it reported anyway), look-alikes and the ones
    it reported (false positives)."""

    visible: int = 0
    found: int = 0
    hidden: int = 0
    hidden_found: int = 0
    lookalikes: int = 0
    false_positives: list = field(default_factory=list)
    missed: list = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.visible if self.visible else 1.0


def codes_reported(source: str) -> set[str]:
    return {d.code for d in check_text(source, "case.py", SETTINGS)
            if d.code.startswith(("SCN2", "SCN3"))}


def score(cases: list[Case] = CASES) -> dict[str, Score]:
    scores: dict[str, Score] = {}
    for case in cases:
        reported, false = codes_reported(case.mistake), codes_reported(case.lookalike)
        for code in case.codes:
            entry = scores.setdefault(code, Score())
            entry.lookalikes += 1
            entry.false_positives += [f"{case.id}: {c}" for c in sorted(false)]
            hit = code in reported
            if case.visible:
                entry.visible += 1
                entry.found += hit
                if not hit:
                    entry.missed.append(case.id)
            else:
                entry.hidden += 1
                entry.hidden_found += hit
    return dict(sorted(scores.items()))


def total(scores: dict[str, Score]) -> Score:
    out = Score()
    for entry in scores.values():
        out.visible += entry.visible
        out.found += entry.found
        out.hidden += entry.hidden
        out.hidden_found += entry.hidden_found
        out.lookalikes += entry.lookalikes
        out.false_positives += entry.false_positives
        out.missed += entry.missed
    return out


# The case sets, in the order they were written: recall_cases.py, then the blind holdouts
# benchmarks/recall_<name>_cases.py.
CASE_SETS = ("recall", "holdout", "holdout2", "holdout3", "holdout4")


def load_cases(which: str) -> list[Case]:
    if which == "recall":
        return CASES
    return importlib.import_module(f"recall_{which}_cases").CASES


def check_under_jax(cases: list[Case]) -> list[str]:
    """Run every reproduction and look-alike in one JAX process; the cases that do not
    behave as stated (a reproduction that runs clean, a look-alike that fails or misbehaves)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                    "tests"))
    from jax_runner import run_snippets

    snippets = []
    for case in cases:
        for kind, code in (("mistake", case.mistake), ("lookalike", case.lookalike)):
            snippets.append({"id": f"{case.id}/{kind}", "code": code, "symptom": case.symptom})
    outcomes = run_snippets(snippets)
    wrong = []
    for case in cases:
        mistake, lookalike = outcomes[f"{case.id}/mistake"], outcomes[f"{case.id}/lookalike"]
        if case.raises is not None:
            if mistake["error"] is None or case.raises not in mistake["message"]:
                wrong.append(f"{case.id}: reproduction gave {mistake}")
        elif mistake["error"] is not None or mistake["symptom"] is not True:
            wrong.append(f"{case.id}: reproduction gave {mistake}")
        if lookalike["error"] is not None or lookalike["symptom"] not in (None, False):
            wrong.append(f"{case.id}: look-alike gave {lookalike}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", choices=CASE_SETS, default="recall")
    parser.add_argument("--jax", action="store_true",
                        help="first run every case under JAX (one subprocess)")
    args = parser.parse_args(argv)
    cases = load_cases(args.cases)
    if args.jax:
        wrong = check_under_jax(cases)
        print(f"under JAX: {len(cases) - len({w.split(':')[0] for w in wrong})} of "
              f"{len(cases)} cases behave as stated")
        for line in wrong:
            print(f"  does not reproduce: {line}")
    from scanlint.rules import all_rules

    existing = {rule.CODE for rule in all_rules()}
    claimed = [c for c in cases if c.codes != ("none",)]
    scores = score(claimed)
    present = {code: s for code, s in scores.items() if code in existing}
    absent = {code: s for code, s in scores.items() if code not in existing}
    print("| rule | reproductions (visible) | reported | recall | not visible (reported) "
          "| look-alikes | false positives |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    rows = [*present.items(), ("all", total(present))]
    rows += [(f"{code} (not in this checkout)", s) for code, s in absent.items()]
    for code, s in rows:
        print(f"| {code} | {s.visible} | {s.found} | {s.recall:.0%} | {s.hidden} "
              f"({s.hidden_found}) | {s.lookalikes} | {len(s.false_positives)} |")
    everything = total(scores)
    notes = {c.id: c.note for c in cases}
    why: dict[str, str] = {}
    if args.cases == "holdout":
        from recall_holdout_cases import WHY_MISSED as why
    for name in everything.missed:
        print(f"missed: {name}" + (f"  ({notes[name]})" if args.cases != "recall" else ""))
        if name in why:
            print(f"    why: {why[name]}")
    for name in everything.false_positives:
        print(f"false positive: {name}")
    unclaimed = [c for c in cases if c.codes == ("none",)]
    if unclaimed:
        print(f"no rule claims {len(unclaimed)} cases:")
        for case in unclaimed:
            found = sorted(codes_reported(case.mistake))
            false = sorted(codes_reported(case.lookalike))
            tail = f"; false positive on the look-alike: {', '.join(false)}" if false else ""
            print(f"  {case.id}: reported {', '.join(found) or 'nothing'}{tail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
