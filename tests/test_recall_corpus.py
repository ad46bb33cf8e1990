"""The recall corpus (tests/recall/recall/): scan mistakes users reported in public threads,
each reproduced in our own words with its corrected look-alike.

Under JAX (one subprocess for all of them), every reproduction fails with what was reported
or misbehaves (its symptom holds), and every look-alike runs with the symptom gone. Then
scanlint must report at least 85% of the reproductions whose mistake is visible in the
source, and nothing on the look-alikes.
"""

import sys

import pytest

from conftest import ROOT
from jax_runner import run_snippets
from recall_cases import CaseError, load_program, load_set

sys.path.insert(0, str(ROOT / "benchmarks"))

from recall import behaves_as_stated, score, total  # noqa: E402

pytest.importorskip("jax")

PROGRAMS = load_set("recall")


@pytest.fixture(scope="module")
def outcomes():
    return run_snippets([{"id": p.id, "code": p.code, "symptom": p.symptom} for p in PROGRAMS])


def test_cases_are_sourced_and_paired():
    mistakes = {p.id for p in PROGRAMS if p.is_mistake}
    for program in PROGRAMS:
        assert program.source.startswith("https://github.com/"), program.id
        assert program.rules, program.id
        if not program.is_mistake:
            assert program.pair in mistakes, program.id
    assert {p.pair for p in PROGRAMS if not p.is_mistake} == mistakes


def test_a_release_key_says_what_jax_does_where_the_installed_releases_meet_it(tmp_path):
    import importlib.metadata

    major = int(importlib.metadata.version("pytest").split(".")[0])
    path = tmp_path / "c.py"

    def program(*keys: str):
        path.write_text("# case: c\n# source: s\n# kind: mistake\n# rules: none\n"
                        "# jax: raises everywhere else\n" + "".join(f"# {k}\n" for k in keys))
        return load_program(str(path))

    assert program(f"jax[pytest>={major}]: raises here").raises == "here"
    assert program(f"jax[pytest<{major}]: raises here").raises == "everywhere else"
    assert program("jax[no-such-package>=1]: symptom x").raises == "everywhere else"
    with pytest.raises(CaseError, match="more than one"):
        program(f"jax[pytest>={major}]: raises a", f"jax[pytest>={major - 1}]: raises b")
    with pytest.raises(CaseError, match="jax\\[pytest=>1\\]"):
        program("jax[pytest=>1]: raises a")


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.id for p in PROGRAMS])
def test_reproduction_fails_as_reported_and_lookalike_does_not(outcomes, program):
    assert behaves_as_stated(program, outcomes[program.id]), outcomes[program.id]


def test_recall_on_visible_mistakes_and_no_false_positives():
    scores = score(PROGRAMS)
    overall = total(scores)
    assert overall.visible >= 20
    assert overall.recall >= 0.85, overall.missed
    assert overall.false_positives == []
    for code, entry in scores.items():
        assert entry.recall >= 0.85 or entry.visible < 2, (code, entry.missed)
