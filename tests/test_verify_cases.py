"""The proof on planted changes and equivalent rewrites (tests/verify_cases/mechanisms: the
classes of issue 31, one case each, as data): a planted change is never proven, an equivalent
rewrite the calls exercise is, and each case's [verdict] says what the function's verdict is
and, where it matters, why."""

from pathlib import Path

import pytest

from verify_harness import load_cases, run_case

pytest.importorskip("jax")

CASES = load_cases(Path(__file__).parent / "verify_cases" / "mechanisms")


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_case(case, tmp_path):
    outcome = run_case(case, tmp_path)
    assert outcome.report is not None, outcome.output
    assert outcome.right, (case.description if hasattr(case, "description") else case.name,
                           outcome.output)
    expected = case.verdict
    if expected:
        function = outcome.functions[expected["function"]]
        statuses = expected["status"] if isinstance(expected["status"], list) \
            else [expected["status"]]
        assert function["status"] in statuses, function
        if "detail" in expected:
            assert any(expected["detail"] in detail for detail in function["details"]), function


BLIND = [case for name in ("blind1", "blind2", "blind3", "blind4", "blind5",
                                         "blind6", "blind7")
         if (Path(__file__).parent / "verify_cases" / name).is_dir()
         for case in load_cases(Path(__file__).parent / "verify_cases" / name)]


@pytest.mark.parametrize("case", BLIND, ids=[case.name for case in BLIND])
def test_blind_case_is_complete(case):
    """The blind sets run in benchmarks/verify_blind.py (too long for the suite); here each
    case has what a run needs: both versions of the module and its inputs."""
    assert case.expect in ("planted", "equivalent")
    assert (case.folder / "project" / case.module).is_file()
    assert (case.folder / "new" / case.module).is_file()
    assert (case.folder / "project" / case.module).read_text() != \
        (case.folder / "new" / case.module).read_text()
    assert case.calls if case.mode == "call" else case.mode == "pytest"
