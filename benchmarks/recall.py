"""Recall of the SCN2xx rules on scan mistakes users reported (benchmarks/recall_cases.py),
and their false positives on the corrected look-alikes.

    python benchmarks/recall.py            # the table docs/corpus.md shows

tests/test_recall_corpus.py runs every reproduction under JAX (it must fail or misbehave as
reported, its look-alike must not) and holds the rules to these figures.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_cases import CASES, Case  # noqa: E402
from scanlint.engine import check_text  # noqa: E402
from scanlint.settings import Settings  # noqa: E402

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
    return {d.code for d in check_text(source, "case.py", SETTINGS) if d.code.startswith("SCN2")}


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


def main() -> int:
    scores = score()
    print("| rule | reproductions (visible) | reported | recall | not visible (reported) "
          "| look-alikes | false positives |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for code, s in [*scores.items(), ("all", total(scores))]:
        print(f"| {code} | {s.visible} | {s.found} | {s.recall:.0%} | {s.hidden} "
              f"({s.hidden_found}) | {s.lookalikes} | {len(s.false_positives)} |")
    everything = total(scores)
    for name in everything.missed:
        print(f"missed: {name}")
    for name in everything.false_positives:
        print(f"false positive: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
