"""The release artifacts, as a user gets them: the sdist and the wheel build, pass `twine
check`, and each installs into a fresh venv where `scanlint check`, `flake8 --select SCN`
work; the sdist's own tests (those that need no jax) pass from its unpacked tree. The
metadata is complete, and the rules' links point where the project says its docs are.

Slow (a fresh venv per artifact, its dependencies from the package index): about a minute.
"""

import json
import sys
import tarfile
import venv

import pytest

from conftest import ROOT
import process_groups

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# The sdist's tests run there: each needs only scanlint, pytest and what they import.
SDIST_TESTS = ["tests/test_rule_cases.py", "tests/test_docs.py", "tests/test_layers.py"]


def run(*command, cwd=None, timeout=600):
    done = process_groups.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                              timeout=timeout)
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", folder, ROOT)
    [wheel] = folder.glob("*.whl")
    [sdist] = folder.glob("*.tar.gz")
    return wheel, sdist


def fresh_venv(folder, requirement) -> str:
    venv.create(folder, with_pip=True)
    python = folder / "bin" / "python"
    run(python, "-m", "pip", "install", "-q", requirement, "flake8", "pytest")
    return str(python)


def test_metadata_is_complete_and_checked(dist):
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").is_file() and (ROOT / "CHANGELOG.md").is_file()
    assert {"Homepage", "Documentation", "Source", "Changelog", "Issues"} <= set(
        PROJECT["urls"])
    versions = {c.rsplit(" ", 1)[-1] for c in PROJECT["classifiers"]
                if c.startswith("Programming Language :: Python :: 3.")}
    assert versions == {"3.10", "3.11", "3.12", "3.13"}
    run(sys.executable, "-m", "twine", "check", "--strict", *dist)
    from scanlint import DOCS_URL, __version__

    assert DOCS_URL == PROJECT["urls"]["Documentation"]
    assert f"## [{__version__}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_every_rule_link_lands_on_its_heading():
    """The anchors the outputs link to exist in docs/rules.md (GitHub's anchor of a heading:
    lower case, spaces as dashes)."""
    from scanlint.report.json import rule_url
    from scanlint.rules import all_rules

    headings = {line[3:].strip().lower().replace(" ", "-")
                for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")}
    for rule in all_rules():
        assert rule_url(rule.CODE, rule.NAME).split("#")[1] in headings, rule.CODE


def test_the_wheel_installs_and_runs(dist, tmp_path):
    wheel, _ = dist
    python = fresh_venv(tmp_path / "venv", wheel)
    checked = process_groups.run([python, "-m", "scanlint", "check", "--no-cache",
                              "--output-format", "json", ROOT / "fixtures" / "loop_family.py"],
                                 capture_output=True, text=True, timeout=300)
    assert checked.returncode == 1 and {d["code"] for d in json.loads(checked.stdout)} == {
        "SCN001"}, checked.stderr
    plugin = process_groups.run([python, "-m", "flake8", "--select", "SCN",
                             ROOT / "fixtures" / "loop_family.py"],
                                capture_output=True, text=True, timeout=300)
    assert plugin.returncode == 1 and "SCN001" in plugin.stdout, plugin.stderr


def test_the_sdist_installs_and_its_own_tests_pass(dist, tmp_path):
    _, sdist = dist
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path, filter="data") if hasattr(tarfile, "data_filter") \
            else archive.extractall(tmp_path)
    top = tmp_path / sdist.name.removesuffix(".tar.gz")
    for needed in ("fixtures/loop_family.py", "tests/golden/json.txt", "tests/conftest.py",
                   "tests/recall/README.md", "docs/rules.md", "LICENSE", "CHANGELOG.md"):
        assert f"{top.name}/{needed}" in names, needed
    python = fresh_venv(tmp_path / "venv", top)
    checked = process_groups.run([python, "-m", "scanlint", "check", "--no-cache", "fixtures/"],
                                 cwd=top, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 1 and "SCN001" in checked.stdout, checked.stderr
    tests = process_groups.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            *SDIST_TESTS], cwd=top, capture_output=True, text=True, timeout=900)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
