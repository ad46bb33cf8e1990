"""The recall corpus (benchmarks/recall_cases.py): scan mistakes users reported in public
threads, each reproduced in our own words with its corrected look-alike.

Under JAX (one subprocess for all of them), every reproduction fails with what was reported
or misbehaves (its symptom holds), and every look-alike runs with the symptom gone. Then
scanlint must report at least 85% of the reproductions whose mistake is visible in the
source, and nothing on the look-alikes.
"""

import sys

import pytest

from conftest import ROOT
from jax_runner import run_snippets

sys.path.insert(0, str(ROOT / "benchmarks"))

from recall import CASES, score, total  # noqa: E402

pytest.importorskip("jax")


@pytest.fixture(scope="module")
def outcomes():
    snippets = []
    for case in CASES:
        snippets.append({"id": f"{case.id}/mistake", "code": case.mistake,
                         "symptom": case.symptom})
        snippets.append({"id": f"{case.id}/lookalike", "code": case.lookalike,
                         "symptom": case.symptom})
    return run_snippets(snippets)


def test_cases_are_distinct_and_sourced():
    assert len({c.id for c in CASES}) == len(CASES)
    for case in CASES:
        assert case.source.startswith("https://github.com/"), case.id
        assert (case.raises is None) != (case.symptom is None), case.id
        assert case.codes and case.mistake != case.lookalike, case.id


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_reproduction_fails_as_reported_and_lookalike_does_not(outcomes, case):
    mistake = outcomes[f"{case.id}/mistake"]
    lookalike = outcomes[f"{case.id}/lookalike"]
    if case.raises is not None:
        assert mistake["error"] is not None, f"{case.id} ran without error"
        assert case.raises in mistake["message"], mistake
    else:
        assert mistake["error"] is None, mistake
        assert mistake["symptom"] is True, f"{case.id} does not misbehave"
    assert lookalike["error"] is None, lookalike
    assert lookalike["symptom"] in (None, False), f"{case.id}: the look-alike misbehaves too"


def test_recall_on_visible_mistakes_and_no_false_positives():
    scores = score()
    overall = total(scores)
    assert overall.visible >= 20
    assert overall.recall >= 0.85, overall.missed
    assert overall.false_positives == []
    for code, entry in scores.items():
        assert entry.recall >= 0.85 or entry.visible < 2, (code, entry.missed)
