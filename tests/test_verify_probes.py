"""What a change touched, probe by probe (scanlint/verify/probes.py), on the cases of
tests/verify_cases/probes (each file: a header saying what must be watched in each version,
then the two versions); and the instrumented code computes what the code computes."""

import ast
from pathlib import Path

import pytest

from conftest import FIXTURES
from scanlint.verify.plan import default_call, top_level
from scanlint.verify.probes import find_changes, instrument

CASES = sorted((Path(__file__).parent / "verify_cases" / "probes").glob("*.txt"))


def read_case(path: Path) -> tuple[dict, str, str]:
    text = path.read_text(encoding="utf-8")
    head, rest = text.split("--- old\n", 1)
    old, new = rest.split("--- new\n", 1)
    fields = {}
    for line in head.splitlines():
        key, _, value = line[2:].partition(":")
        fields[key.strip()] = value.strip()
    return fields, old, new


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_probes_of_a_change(path):
    fields, old, new = read_case(path)
    changes = find_changes(old, new)
    for version, probes in (("old", changes.old), ("new", changes.new)):
        said = "; ".join(f"{p.kind} {p.text}" for p in probes)
        assert said == fields[version], (version, said)


CALLABLE = [p for p in sorted(FIXTURES.glob("*.py")) if any(
    default_call(p.read_text(encoding="utf-8"), name)
    for name, node in top_level(ast.parse(p.read_text(encoding="utf-8"))).items()
    if isinstance(node, ast.FunctionDef))]


@pytest.mark.parametrize("fixture", CALLABLE, ids=lambda p: p.name)
def test_instrumented_code_computes_the_same(fixture):
    """Every token of the file a probe (the file against an empty one), every def and lambda
    wrapped: the functions that take module globals return what the plain module returns."""
    jax = pytest.importorskip("jax")
    import numpy as np

    source = fixture.read_text(encoding="utf-8")
    probes = find_changes("", source).new
    hits = set()
    stubs = {"__scanlint_hit__": lambda k, *v: (hits.add(k), v[0] if v else None)[1],
             "__scanlint_default__": lambda k, v: v,
             "__scanlint_used_default__": lambda k, v: None,
             "__scanlint_fn__": lambda name: (lambda f: f)}
    plain, watched = {"__name__": "plain"}, {"__name__": "watched", **stubs}
    exec(compile(source, str(fixture), "exec"), plain)
    exec(instrument(source, probes, str(fixture)), watched)
    calls = [default_call(source, name) for name, node in top_level(ast.parse(source)).items()
             if isinstance(node, ast.FunctionDef)]
    ran = [call for call in calls if call]
    assert ran, "the fixture has no function of module globals to call"
    for call in ran:
        a, b = (jax.tree_util.tree_leaves(eval(call, space)) for space in (plain, watched))
        assert len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b)), call
    assert hits, "no probe ran"
