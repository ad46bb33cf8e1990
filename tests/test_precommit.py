"""The pre-commit hooks end to end: validate the manifest, then `pre-commit try-repo`."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, run_scanlint
import process_groups

SOURCE = ("import jax\n\ndef run(xs, k):\n    step = lambda c, x: (c + k * x, c)\n"
          "    return jax.lax.scan(step, 0.0, xs)\n")
NOTEBOOK = json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
    {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": None, "outputs": [],
     "source": SOURCE.splitlines(keepends=True)}]}, indent=1) + "\n"


def pre_commit(*args, cwd, home):
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    return process_groups.run([sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=900)


def test_manifest_is_valid(tmp_path):
    result = pre_commit("validate-manifest", str(ROOT / ".pre-commit-hooks.yaml"),
                        cwd=ROOT, home=tmp_path / "home")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_try_repo_fixes_then_passes(tmp_path):
    repo = tmp_path / "project"
    repo.mkdir()
    (repo / "mod.py").write_text(SOURCE)
    (repo / "nb.ipynb").write_text(NOTEBOOK)  # pre-commit's `jupyter` type
    for args in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *args], cwd=repo, check=True)
    first = pre_commit("try-repo", str(ROOT), "scanlint-fix", "--all-files",
                       cwd=repo, home=tmp_path / "home")
    assert first.returncode == 1, first.stdout + first.stderr
    assert "files were modified by this hook" in first.stdout
    assert "def step(c, x):" in (repo / "mod.py").read_text()
    assert '"    def step(c, x):\\n",' in (repo / "nb.ipynb").read_text()
    second = pre_commit("try-repo", str(ROOT), "scanlint-fix", "--all-files",
                        cwd=repo, home=tmp_path / "home")
    assert second.returncode == 0, second.stdout + second.stderr
    check = pre_commit("try-repo", str(ROOT), "scanlint", "--all-files",
                       cwd=repo, home=tmp_path / "home")
    assert check.returncode == 0, check.stdout


def test_force_exclude_applies_to_named_files(tmp_path):
    (tmp_path / "gen").mkdir()
    (tmp_path / "gen" / "mod.py").write_text(SOURCE)
    (tmp_path / "pyproject.toml").write_text('[tool.scanlint]\nexclude = ["gen/"]\n')
    assert run_scanlint("check", "gen/mod.py", cwd=tmp_path).returncode == 1
    assert run_scanlint("check", "--force-exclude", "gen/mod.py", cwd=tmp_path).returncode == 0
