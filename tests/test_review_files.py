"""The review bot's files for users: action.yml, the example workflows and the GitLab template
against the schemas check-jsonschema ships (offline), docs/integrations.md quoting them as
they are, the reviewdog recipe's output against reviewdog's schema, and the core linter
running without the hosts' libraries."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from test_review import pull_request_repo
import process_groups

DOC = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
SCHEMAS = {
    "action.yml": "vendor.github-actions",
    "docs/examples/github-review.yml": "vendor.github-workflows",
    "docs/examples/reviewdog.yml": "vendor.github-workflows",
    "ci/scanlint-review.gitlab-ci.yml": "vendor.gitlab-ci",
    "docs/examples/gitlab-ci.yml": "vendor.gitlab-ci",
}


def validate(schema: str, path) -> subprocess.CompletedProcess:
    return process_groups.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema,
                           str(path)], capture_output=True, text=True, timeout=120)


TEMPLATE = ROOT / "ci/scanlint-review.gitlab-ci.yml"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_files_match_the_platforms_schemas(name):
    result = validate(SCHEMAS[name], ROOT / name)
    assert result.returncode == 0, result.stdout + result.stderr


def visible_job(tmp_path, text: str):
    """The template with its hidden job made a job: the schema checks a hidden job's keys
    loosely, a job's fully."""
    path = tmp_path / "visible.gitlab-ci.yml"
    path.write_text(text.replace("\n.scanlint-review:", "\nscanlint-review:"))
    return path


def test_the_template_job_matches_the_schema_as_a_job(tmp_path):
    result = validate("vendor.gitlab-ci", visible_job(tmp_path, TEMPLATE.read_text()))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schemas_do_reject_a_broken_file(tmp_path):
    broken = tmp_path / "action.yml"
    broken.write_text((ROOT / "action.yml").read_text().replace("using: composite",
                                                                "using: kubernetes"))
    assert validate("vendor.github-actions", broken).returncode == 1
    job = visible_job(tmp_path, TEMPLATE.read_text().replace("when: always", "when: sometimes"))
    assert validate("vendor.gitlab-ci", job).returncode == 1


@pytest.mark.parametrize("name", ["docs/examples/github-review.yml", "docs/examples/reviewdog.yml",
                                  "docs/examples/gitlab-ci.yml"])
def test_the_docs_quote_the_examples_as_they_are(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    assert f"```yaml\n{text}```" in DOC


def test_every_action_input_reaches_the_bot():
    action = (ROOT / "action.yml").read_text()
    inputs = re.findall(r"^  ([a-z-]+):\n    description", action.split("\noutputs:")[0],
                        re.MULTILINE)
    assert len(inputs) == 13
    for name in inputs:
        assert f"inputs.{name}" in action, name
    from scanlint.review.cli import build_parser

    flags = {action_.dest for action_ in build_parser()._subparsers._group_actions[0]
             .choices["github"]._actions}
    for name in ("param-style", "step-style", "config", "fail-on", "verify", "pytest",
                 "reporter", "max-comments", "sarif-file"):
        assert name.replace("-", "_") in flags and f"--{name}" in action


def test_the_reviewdog_recipe_gives_valid_rdjsonl_for_changed_lines_only(tmp_path):
    from test_formats import rdjson_validator

    workflow = (ROOT / "docs/examples/reviewdog.yml").read_text()
    command = re.search(r"run: >-\n((?:          .*\n)+)", workflow).group(1)
    scanlint_part = " ".join(command.split()).split(" | reviewdog")[0]
    assert scanlint_part.startswith("scanlint check --since")
    path, base, _ = pull_request_repo(tmp_path, into="src")  # the recipe checks src
    shell = scanlint_part.replace("scanlint check", f"{sys.executable} -m scanlint check "
                                  "--param-style closure", 1)
    result = process_groups.run(["bash", "-c", shell], cwd=path, capture_output=True, text=True,
                                env={"BASE": base, "PATH": "/usr/bin:/bin"}, timeout=300)
    assert result.returncode == 1, result.stderr  # findings
    validator = rdjson_validator("Diagnostic.json")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    for line in lines:
        validator.validate(line)
    # not sim.py's lambda on line 8, which the pull request does not change
    assert sorted((d["location"]["path"], d["location"]["range"]["start"]["line"])
                  for d in lines) == [("src/rollout.py", 7), ("src/sim.py", 13),
                                      ("src/sim.py", 22)]
    assert all(d["suggestions"] for d in lines if d["code"]["value"] == "SCN001")


def test_the_core_linter_imports_no_host_library():
    code = ("import sys; from scanlint.cli import main; main(['check', '--no-cache', "
            "'fixtures/clean.py']); assert not {'github', 'gitlab'} & set(sys.modules), "
            "sorted(m for m in sys.modules if m.split('.')[0] in ('github', 'gitlab'))")
    result = process_groups.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
    assert result.returncode == 0, result.stderr
