"""The fourth holdout set (benchmarks/recall_holdout4_cases.py) still reproduces under JAX: every
reproduction fails with what its case says or misbehaves, every look-alike runs clean. One
subprocess for all of them.

Only that: the set measures scanlint's recall (`python benchmarks/recall.py --cases holdout4`),
and its misses are expected until the rules improve, so no figure is held here.
"""

import re
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

from recall import CASES as RECALL_CASES, check_under_jax  # noqa: E402
from recall_holdout2_cases import CASES as HOLDOUT2_CASES  # noqa: E402
from recall_holdout3_cases import CASES as HOLDOUT3_CASES  # noqa: E402
from recall_holdout4_cases import CASES  # noqa: E402
from recall_holdout_cases import CASES as HOLDOUT_CASES  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("flax")


def thread(url: str) -> str:
    """A GitHub issue and the pull request of the same number are one thread."""
    match = re.match(r"https://github\.com/([^/]+/[^/]+)/(?:issues|pull)/(\d+)", url)
    return f"{match[1].lower()}#{match[2]}" if match else url.rstrip("/")


def test_cases_are_distinct_sourced_and_not_from_the_other_corpora():
    assert len({c.id for c in CASES}) == len(CASES)
    assert len({thread(c.source) for c in CASES}) == len(CASES)
    used = {thread(c.source)
            for c in [*RECALL_CASES, *HOLDOUT_CASES, *HOLDOUT2_CASES, *HOLDOUT3_CASES]}
    for case in CASES:
        assert case.id.startswith("c"), case.id
        assert case.source.startswith("https://"), case.id
        assert thread(case.source) not in used, case.id
        assert (case.raises is None) != (case.symptom is None), case.id
        assert case.codes and case.mistake != case.lookalike, case.id
        assert case.note, case.id


def test_every_case_reproduces_under_jax():
    assert check_under_jax(CASES) == []
