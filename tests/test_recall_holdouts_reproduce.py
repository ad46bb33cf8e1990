"""The blind holdout sets (tests/recall/holdout*/) still reproduce under JAX: every
reproduction fails with what its header says or misbehaves, every look-alike runs clean. One
subprocess per set. And each set's threads are its own: none is used by a set written before
it (a GitHub issue and the pull request of the same number being one thread).

Only that: the sets measure scanlint's recall (`python benchmarks/recall.py --cases NAME`),
and their misses are expected until the rules improve, so no figure is held here.
"""

import re
import sys
from dataclasses import dataclass

import pytest

from conftest import ROOT
from recall_cases import CASE_SETS, load_set

sys.path.insert(0, str(ROOT / "benchmarks"))

from recall import check_under_jax  # noqa: E402

pytest.importorskip("jax")


@dataclass(frozen=True)
class HoldoutRules:
    """What each set was written to: the first compared exact GitHub addresses with the
    recall corpus only; later ones compare threads with every set before them, and add checks."""

    name: str
    id_prefix: str = ""
    github_only: bool = False  # every source a GitHub address
    by_thread: bool = True  # compared as threads (else as exact addresses)
    own_threads: bool = False  # no two mistakes from one thread
    noted: bool = False  # every mistake says which variant it is
    paired: bool = True  # every mistake has its look-alike
    needs: tuple[str, ...] = ()  # packages the reproductions import
    pair_thread: bool = True  # a look-alike cites its mistake's thread
    # Cases written on jax 0.10 with the flax of its time that use what older releases lack
    # (flax's `Optimizer.update(model, grads)`, a scan carry's sharding from `zeros_like`):
    # held to their header only from jax 0.10 (the CI's oldest Python gets jax 0.6).
    recent_only: tuple[str, ...] = ()


HOLDOUTS = [
    HoldoutRules("holdout", github_only=True, by_thread=False),
    HoldoutRules("holdout2", id_prefix="b"),
    HoldoutRules("holdout3", id_prefix="c", own_threads=True, needs=("flax",)),
    HoldoutRules("holdout4", id_prefix="c", own_threads=True, noted=True, needs=("flax",)),
    HoldoutRules("holdout5", id_prefix="e", own_threads=True, noted=True, paired=False,
                 needs=("flax",)),
    # Issue 32's two sets, in the shared recall format, each from threads no earlier set
    # used: set A (tuned on) and set B (held out, measured at the end).
    HoldoutRules("holdout6", github_only=True, noted=True, paired=False,
                 needs=("flax", "optax"),
                 recent_only=("carry-dtype-shard-map-zeros-like-ok", "recompile-nnx-jit-in-init-ok",
                              "recompile-nnx-jit-in-train-step")),
    # Two of set B's look-alikes cite a thread of their own (the fix the PR made, a page
    # showing the correct form), not their mistake's.
    HoldoutRules("holdout7", paired=False, needs=("flax", "optax"), pair_thread=False,
                 recent_only=("nnx-jax-jit-train-step-drops-updates", "nnx-jit-train-step-ok")),
]


def thread(url: str) -> str:
    """A GitHub issue and the pull request of the same number are one thread."""
    match = re.match(r"https://github\.com/([^/]+/[^/]+)/(?:issues|pull)/(\d+)", url)
    return f"{match[1].lower()}#{match[2]}" if match else url.rstrip("/")


def test_every_holdout_set_is_checked_here():
    assert [h.name for h in HOLDOUTS] == list(CASE_SETS[1:])


@pytest.mark.parametrize("rules", HOLDOUTS, ids=lambda h: h.name)
def test_cases_are_distinct_sourced_and_not_from_the_earlier_sets(rules):
    programs = load_set(rules.name)
    mistakes = [p for p in programs if p.is_mistake]
    key = thread if rules.by_thread else (lambda url: url)
    earlier = CASE_SETS[:CASE_SETS.index(rules.name)] if rules.by_thread else ("recall",)
    used = {key(p.source) for name in earlier for p in load_set(name)}
    if rules.own_threads:
        assert len({thread(p.source) for p in mistakes}) == len(mistakes)
    by_id = {p.id: p for p in programs}
    for program in programs:
        assert program.id.startswith(rules.id_prefix), program.id
        assert program.source.startswith(
            "https://github.com/" if rules.github_only else "https://"), program.id
        assert key(program.source) not in used, program.id
        assert program.rules, program.id
        assert program.note or not rules.noted or not program.is_mistake, program.id
        # a look-alike's thread is its mistake's
        if program.pair is not None and rules.pair_thread:
            assert thread(by_id[program.pair].source) == thread(program.source), program.id
    if rules.paired:
        assert {p.pair for p in programs if not p.is_mistake} == {p.id for p in mistakes}


@pytest.mark.parametrize("rules", HOLDOUTS, ids=lambda h: h.name)
def test_every_case_reproduces_under_jax(rules):
    for package in rules.needs:
        pytest.importorskip(package)
    import jax

    recent = tuple(int(part) for part in jax.__version__.split(".")[:2]) >= (0, 10)
    cases = [case for case in load_set(rules.name)
             if recent or case.id not in rules.recent_only]
    assert check_under_jax(cases) == []
