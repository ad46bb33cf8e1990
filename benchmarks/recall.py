"""Recall of the rules on loop mistakes users reported (tests/recall/<set>/), and their false
positives on the look-alikes.

    python benchmarks/recall.py                          # the reported set, tests/recall/recall/
    python benchmarks/recall.py --cases holdout5         # a blind holdout set
    python benchmarks/recall.py --cases holdout5 --jax   # also check every program under JAX
    python benchmarks/recall.py --cases holdout5 --preview  # the rules in preview too

Every missed case of a holdout set is printed with its note (the variant of writing it
represents). Mistakes whose `rules` are `none` belong to no rule: they count neither for recall
nor (their mistakes) as findings, but any SCN2xx/SCN3xx finding on them is listed, and a finding
on a look-alike is a false positive like any other.

tests/test_recall_corpus.py and tests/test_recall_holdouts_reproduce.py run every program under
JAX (a mistake must fail or misbehave as its header says, a look-alike must not).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from recall_cases import CASE_SETS, Program, load_set  # noqa: E402

from scanlint.core.settings import Settings  # noqa: E402
from scanlint.engine.check import check_text  # noqa: E402

SETTINGS = Settings()  # the defaults: every SCN2xx and SCN3xx rule not in preview on
UNCLAIMED = ("none",)


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


def codes_reported(program: Program) -> set[str]:
    return {d.code for d in check_text(program.code, f"{program.id}.py", SETTINGS)
            if d.code.startswith(("SCN2", "SCN3"))}


def with_preview() -> None:
    """Score the rules in preview too (`--preview`)."""
    global SETTINGS
    SETTINGS = Settings(preview=True)


def score(programs: list[Program]) -> dict[str, Score]:
    """Per rule claimed by ``programs`` (those whose rules are not `none`)."""
    scores: dict[str, Score] = {}
    for program in programs:
        if program.rules == UNCLAIMED:
            continue
        reported = codes_reported(program)
        for code in program.rules:
            entry = scores.setdefault(code, Score())
            if not program.is_mistake:
                entry.lookalikes += 1
                entry.false_positives += [f"{program.id}: {c}" for c in sorted(reported)]
            elif program.visible:
                entry.visible += 1
                entry.found += code in reported
                if code not in reported:
                    entry.missed.append(program.id)
            else:
                entry.hidden += 1
                entry.hidden_found += code in reported
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


def behaves_as_stated(program: Program, outcome: dict) -> bool:
    """Whether JAX's ``outcome`` of running ``program`` (tests/jax_runner.py) is what its
    header says: a mistake fails with its text or misbehaves, a look-alike runs clean."""
    if not program.is_mistake:
        return outcome["error"] is None and outcome["symptom"] in (None, False)
    if program.raises is not None:
        return outcome["error"] is not None and program.raises in outcome["message"]
    return outcome["error"] is None and outcome["symptom"] is True


def check_under_jax(programs: list[Program]) -> list[str]:
    """Run every program in one JAX process; those that do not behave as stated."""
    from jax_runner import run_snippets

    outcomes = run_snippets([{"id": p.id, "code": p.runnable, "symptom": p.symptom}
                             for p in programs])
    return [f"{p.id}: {p.kind} gave {outcomes[p.id]}" for p in programs
            if not behaves_as_stated(p, outcomes[p.id])]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", choices=CASE_SETS, default="recall")
    parser.add_argument("--jax", action="store_true",
                        help="first run every program under JAX (one subprocess)")
    parser.add_argument("--preview", action="store_true",
                        help="also run the rules in preview (as `scanlint check --preview`)")
    args = parser.parse_args(argv)
    if args.preview:
        with_preview()
    programs = load_set(args.cases)
    if args.jax:
        wrong = check_under_jax(programs)
        print(f"under JAX: {len(programs) - len(wrong)} of {len(programs)} programs behave "
              "as stated")
        for line in wrong:
            print(f"  does not reproduce: {line}")
    from scanlint.rules import all_rules

    existing = {rule.CODE for rule in all_rules()}
    scores = score(programs)
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
    notes = {p.id: p.note for p in programs}
    for name in everything.missed:
        print(f"missed: {name}" + (f"  ({notes[name]})" if args.cases != "recall" else ""))
    for name in everything.false_positives:
        print(f"false positive: {name}")
    unclaimed = [p for p in programs if p.rules == UNCLAIMED]
    if unclaimed:
        print(f"no rule claims {len(unclaimed)} programs:")
        for program in unclaimed:
            found = sorted(codes_reported(program))
            what = "false positive" if not program.is_mistake and found else "reported"
            print(f"  {program.id} ({program.kind}): {what} {', '.join(found) or 'nothing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
