"""`verify` never vouches for code it did not run: behaviour changes planted where environment
and model libraries put their loops (closures `__init__` stores on `self` as `jax.jit(...)`,
closures a factory returns, methods whose only effect is on `self`, a branch the tests never
take) are "differs" or "not exercised", never "identical" or "agrees"; scanlint's own fixes in
the same places are proven, with their changed code run, and written by `check --fix --verify
--pytest` (tests/verify_projects/envs/mutations.toml)."""

import json
import shutil
import sys

import pytest

from conftest import ROOT, run_scanlint
import process_groups

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

pytest.importorskip("jax")

PROJECT = ROOT / "tests" / "verify_projects" / "envs"
PLAN = tomllib.loads((PROJECT / "mutations.toml").read_text(encoding="utf-8"))
MUTATIONS = PLAN["mutation"]


@pytest.fixture
def project(tmp_path):
    copy = tmp_path / "envs"
    shutil.copytree(PROJECT, copy)
    return copy


def statuses(result) -> dict[str, str]:
    report = json.loads(result.stdout)["default"]
    return {f["name"]: f["status"] for f in report["functions"]}


@pytest.mark.parametrize("mutation", MUTATIONS, ids=[f"{m['module']}:{m['new']}" for m in MUTATIONS])
def test_a_planted_change_is_never_identical(project, tmp_path, mutation):
    module = project / mutation["module"]
    original = tmp_path / "original.py"
    shutil.copy(module, original)
    text = module.read_text(encoding="utf-8")
    assert text.count(mutation["old"]) == 1, mutation
    module.write_text(text.replace(mutation["old"], mutation["new"]), encoding="utf-8")
    result = run_scanlint("verify", str(original), mutation["module"], "--pytest",
                          mutation["tests"], "--output-format", "json", cwd=project)
    found = statuses(result)
    assert found[mutation["function"]] == mutation["expect"], result.stdout
    assert not {"identical", "agrees"} & set(found.values()) or mutation["expect"] == "differs", \
        found
    assert result.returncode == 1


def test_scanlint_fixes_are_proven_written_and_pass_the_tests(project):
    """Said three ways: on stderr, in the JSON of the findings left (each unapplied fix says
    why), and in the --verify-report document."""
    fix = PLAN["fix"]
    before = {path: (project / path).read_text(encoding="utf-8")
              for path in fix["written"] + fix["unwritten"] + fix["unfixed"]}
    result = run_scanlint("check", "--fix", "--verify", "--pytest", "tests/", "--no-cache",
                          "--output-format", "json", "--verify-report", "report.json",
                          *fix["args"], "envlib/", cwd=project)
    for path in fix["written"]:
        assert (project / path).read_text(encoding="utf-8") != before[path], result.stderr
        assert f"{path}: proven (" in result.stderr and "), fixes written" in result.stderr
    for path in fix["unwritten"] + fix["unfixed"]:
        assert (project / path).read_text(encoding="utf-8") == before[path], result.stderr
    assert "envlib/branches.py: fixes not applied, unverified (smooth: not exercised" \
        in result.stderr
    assert "its changed code ran in both versions" in result.stderr
    [held] = [d for d in json.loads(result.stdout) if d["filename"].endswith("branches.py")]
    assert held["verify"]["status"] == "unverified"
    assert "did not run in a call that compared equal" in held["verify"]["reason"]
    report = json.loads((project / "report.json").read_text())
    assert report["envlib/stateful.py"]["written"] is True
    [function] = report["envlib/stateful.py"]["functions"]
    assert function["status"] in ("identical", "agrees") and function["ran"]["after"]
    assert report["envlib/branches.py"]["functions"][0]["not_run"]["after"]
    tests = process_groups.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "tests"], cwd=project, capture_output=True, text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout + tests.stderr


def test_verify_without_fix_and_nothing_to_verify(project):
    without_fix = run_scanlint("check", "--verify", "envlib/", cwd=project)
    assert without_fix.returncode == 2 and "--verify goes with --fix" in without_fix.stderr
    clean = run_scanlint("verify", "envlib/__init__.py", cwd=project)
    assert clean.returncode == 0 and "nothing to verify" in clean.stdout, clean.stdout


def test_a_notebooks_own_top_level_calls_are_inputs(tmp_path):
    """tests/notebooks/toplevel_calls.ipynb calls its function in a later cell: the import
    runs it, the module's data after it is compared, and a planted change differs."""
    notebook = ROOT / "tests" / "notebooks" / "toplevel_calls.ipynb"
    proven = run_scanlint("verify", str(notebook), "--output-format", "json")
    assert statuses(proven) == {"smooth": "identical"} and proven.returncode == 0
    mutant = tmp_path / "mutant.ipynb"
    text = notebook.read_text(encoding="utf-8")
    assert text.count("alpha * x + (1 - alpha) * c") == 1
    mutant.write_text(text.replace("alpha * x +", "alpha * x * 2 +"), encoding="utf-8")
    caught = run_scanlint("verify", str(notebook), str(mutant), "--output-format", "json")
    assert statuses(caught) == {"smooth": "differs"} and caught.returncode == 1
    assert "the module's data" in caught.stdout
