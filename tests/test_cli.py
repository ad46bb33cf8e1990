"""The command line as a user meets it: exit codes, outputs, noqa, settings, stdin, --fix."""

import json
import os
import sys

from conftest import FIXTURES, run_scanlint
import process_groups

LAMBDA_STEP = (
    "import jax\n\n"
    "def run(xs, k):\n"
    "    step = lambda c, x: (c + k * x, c)\n"
    "    return jax.lax.scan(step, 0.0, xs)\n"
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_reports_fixtures_with_exit_1_and_summary_on_stderr():
    result = run_scanlint("check", "fixtures", cwd=FIXTURES.parent)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "fixtures/rollout_styles.py:26:5: SCN001 [*] Step function `step` is a lambda bound to" \
           " a name; use a `def`" in lines
    assert len([line for line in lines if ": SCN001 [*] " in line]) == 9
    # the article's counter, and the same counter read as a dict key or a NamedTuple field
    assert len([line for line in lines if ": SCN206 " in line]) == 5
    assert len([line for line in lines if ": SCN301 " in line]) == 7  # loops under jit
    assert len(lines) == 21
    assert "Found 21 errors." in result.stderr and "9 fixable" in result.stderr


def test_clean_file_exits_0(tmp_path):
    result = run_scanlint("check", str(FIXTURES / "clean.py"))
    assert (result.returncode, result.stdout) == (0, "")
    assert "All checks passed!" in result.stderr


def test_every_flag_of_every_command_says_what_it_does():
    import argparse

    from scanlint.cli import build_parser

    parser = build_parser()
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    missing = [f"{name} {action.option_strings or action.dest}"
               for name, sub in commands.choices.items() for action in sub._actions
               if not isinstance(action, argparse._HelpAction) and not action.help]
    assert missing == []
    assert "A linter and codemod for JAX's loops" in parser.format_help()
    assert "examples:" in parser.format_help()


def test_a_file_named_on_the_command_line_is_always_parsed(tmp_path):
    """docs/usage.md: a file named explicitly is always checked, so a syntax error in it is
    reported even when it holds no loop word (as one with a loop word is); found in a
    folder, such a file is passed over unparsed."""
    write(tmp_path, "broken.py", "def broken(:\n    pass\n")
    named = run_scanlint("check", "broken.py", cwd=tmp_path)
    assert "broken.py:1:12: SCN999 syntax error" in named.stdout
    assert named.returncode == 2 and "All checks passed!" not in named.stderr
    from_stdin = run_scanlint("check", "-", "--stdin-filename", "broken.py", cwd=tmp_path,
                              stdin="def broken(:\n")
    assert "SCN999" in from_stdin.stdout
    write(tmp_path, "loop.py", LAMBDA_STEP.replace("def run", "def run(:"))
    assert "SCN999" in run_scanlint("check", "loop.py", cwd=tmp_path).stdout
    (tmp_path / "loop.py").unlink()
    in_folder = run_scanlint("check", ".", cwd=tmp_path)
    assert (in_folder.returncode, in_folder.stdout) == (0, "")


def test_the_unparsed_files_note_only_with_statistics_or_verbose(tmp_path):
    """The count of files passed over unparsed is for a person asking for detail: the text
    format's --statistics or --verbose, never JSON or SARIF, nor a plain run."""
    write(tmp_path, "plain.py", "x = 1\n")
    write(tmp_path, "a.py", LAMBDA_STEP)
    note = "1 file holds no JAX loop and was not parsed (a syntax error there is not reported)."
    plain = run_scanlint("check", ".", cwd=tmp_path)
    assert note not in plain.stderr and "Found 1 error." in plain.stderr
    for flag in ("--statistics", "--verbose", "-v"):
        assert note in run_scanlint("check", flag, ".", cwd=tmp_path).stderr, flag
    for output in ("json", "sarif"):
        result = run_scanlint("check", "--statistics", "--verbose", "--output-format", output,
                              ".", cwd=tmp_path)
        assert "not parsed" not in result.stderr, output


def test_no_python_files_is_a_warning_not_a_pass(tmp_path):
    """As ruff: an empty selection warns "No Python files found" and exits 0; nothing is
    said to have passed."""
    (tmp_path / "empty").mkdir()
    write(tmp_path, "empty/notes.txt", "not python\n")
    for flags in ((), ("--diff",), ("--fix",), ("--output-format", "json")):
        result = run_scanlint("check", *flags, "empty", cwd=tmp_path)
        assert result.returncode == 0, flags
        assert result.stderr == "warning: No Python files found under the given path(s)\n"
        assert "All checks passed!" not in result.stdout + result.stderr
    assert run_scanlint("check", "--output-format", "json", "empty", cwd=tmp_path).stdout == "[]\n"


def test_diff_says_what_it_would_leave_unfixed(tmp_path):
    """`--diff` with a finding no fix removes says so; like ruff, it exits 0 when there is
    nothing to apply and 1 when there is a diff."""
    write(tmp_path, "a.py", "import jax\n\ndef run(x, k, xs, it):\n    def step(c, t):\n"
          "        return c * k.sum() + t + next(it), c\n    return jax.lax.scan(step, x, xs)\n")
    only_left = run_scanlint("check", "--diff", "--unsafe-fixes", "--param-style", "carry",
                             "--select", "SCN0,SCN102", "a.py", cwd=tmp_path)
    assert "Found" not in only_left.stderr and only_left.stdout == ""
    assert only_left.stderr == ("Would fix 0 errors. 1 error would be left (1 without an "
                                "automatic fix); `scanlint check` lists them.\n")
    assert only_left.returncode == 0
    write(tmp_path, "b.py", LAMBDA_STEP)
    both = run_scanlint("check", "--diff", "--param-style", "carry", "--select", "SCN0,SCN102",
                        "a.py", "b.py", cwd=tmp_path)
    assert both.returncode == 1 and both.stdout.startswith("--- a/b.py")
    assert both.stderr.startswith("Would fix 1 error. 1 error would be left")


def test_exit_zero_and_usage_errors(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    assert run_scanlint("check", "--exit-zero", "a.py", cwd=tmp_path).returncode == 0
    assert run_scanlint("check", "--select", "SCN777", "a.py", cwd=tmp_path).returncode == 2
    bad = run_scanlint("check", "--step-style", "curly", "a.py", cwd=tmp_path)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_json_is_shaped_like_ruffs(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    result = run_scanlint("check", "--output-format", "json", "a.py", cwd=tmp_path)
    [item] = json.loads(result.stdout)
    assert set(item) == {"cell", "code", "end_location", "filename", "fix", "location",
                         "message", "noqa_row", "url"}
    assert item["code"] == "SCN001"
    assert item["filename"] == str(tmp_path / "a.py")
    assert item["location"] == {"row": 4, "column": 5}
    assert item["end_location"] == {"row": 4, "column": 39}
    assert item["noqa_row"] == 4
    assert item["fix"]["applicability"] == "safe"
    [edit] = item["fix"]["edits"]
    assert edit == {"content": "    def step(c, x):\n        return (c + k * x, c)",
                    "location": {"row": 4, "column": 1}, "end_location": {"row": 4, "column": 39}}


def test_noqa_bare_and_with_codes(tmp_path):
    for comment, expected in [("# noqa", 0), ("# noqa: SCN001", 0), ("# NOQA:SCN001,E731", 0),
                              ("# noqa: E731", 1), ("# not noqa-ish", 1)]:
        source = LAMBDA_STEP.replace("c + k * x, c)", f"c + k * x, c)  {comment}")
        write(tmp_path, "a.py", source)
        result = run_scanlint("check", "a.py", cwd=tmp_path)
        assert result.returncode == expected, comment


def test_noqa_on_any_line_of_a_multiline_statement(tmp_path):
    source = ("import jax\ndef run(xs):\n    step = lambda c, x: (\n        c + x,  # noqa: SCN001\n"
              "        c,\n    )\n    return jax.lax.scan(step, 0.0, xs)\n")
    write(tmp_path, "a.py", source)
    assert run_scanlint("check", "a.py", cwd=tmp_path).returncode == 0


def test_noqa_inside_a_string_does_not_count(tmp_path):
    source = LAMBDA_STEP.replace("(c + k * x, c)", "(c + k * x, '# noqa')")
    write(tmp_path, "a.py", source)
    assert run_scanlint("check", "a.py", cwd=tmp_path).returncode == 1


def test_fix_rewrites_then_second_fix_changes_nothing(tmp_path):
    path = write(tmp_path, "a.py", LAMBDA_STEP)
    first = run_scanlint("check", "--fix", "a.py", cwd=tmp_path)
    assert first.returncode == 0 and "1 fixed, 0 remaining" in first.stderr
    fixed = path.read_text()
    assert "    def step(c, x):\n        return (c + k * x, c)\n" in fixed
    mtime = os.stat(path).st_mtime_ns
    second = run_scanlint("check", "--fix", "a.py", cwd=tmp_path)
    assert second.returncode == 0 and path.read_text() == fixed
    assert os.stat(path).st_mtime_ns == mtime


def test_diff_prints_and_writes_nothing(tmp_path):
    path = write(tmp_path, "a.py", LAMBDA_STEP)
    result = run_scanlint("check", "--diff", "a.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "-    step = lambda c, x: (c + k * x, c)\n+    def step(c, x):\n" in result.stdout
    assert result.stdout.startswith("--- a/a.py\n+++ b/a.py\n")
    assert path.read_text() == LAMBDA_STEP
    # An absolute path is printed as it is, without git's prefixes.
    absolute = run_scanlint("check", "--diff", str(path), cwd=tmp_path)
    assert absolute.stdout.startswith(f"--- {path}\n+++ {path}\n")


def test_diff_of_the_default_path_applies_with_git(tmp_path):
    """`scanlint check --diff` with no path walks `.`: the headers are `a/src/a.py`, which
    `git apply` takes, not `a/./src/a.py`, which it refuses."""
    import subprocess

    (tmp_path / "src").mkdir()
    write(tmp_path / "src", "a.py", LAMBDA_STEP)
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    result = run_scanlint("check", "--diff", cwd=tmp_path)
    assert result.stdout.startswith("--- a/src/a.py\n+++ b/src/a.py\n"), result.stdout
    (tmp_path / "fix.patch").write_text(result.stdout)
    applied = subprocess.run(["git", "apply", "--check", "fix.patch"], cwd=tmp_path,
                             capture_output=True, text=True)
    assert applied.returncode == 0, applied.stderr


def test_unsafe_fix_needs_the_flag(tmp_path):
    source = LAMBDA_STEP.replace("    step = lambda", "    step: object = lambda")
    path = write(tmp_path, "a.py", source)
    result = run_scanlint("check", "--fix", "a.py", cwd=tmp_path)
    assert result.returncode == 1 and path.read_text() == source
    assert "1 hidden fix" in result.stderr or "hidden fixes" in result.stderr
    result = run_scanlint("check", "--fix", "--unsafe-fixes", "a.py", cwd=tmp_path)
    assert result.returncode == 0 and "def step(c, x):" in path.read_text()


def test_stdin_with_filename_and_fix(tmp_path):
    result = run_scanlint("check", "-", "--stdin-filename", "pkg/mod.py", stdin=LAMBDA_STEP)
    assert result.returncode == 1 and result.stdout.startswith("pkg/mod.py:4:5: SCN001")
    fixed = run_scanlint("check", "--fix", "-", stdin=LAMBDA_STEP)
    assert "def step(c, x):" in fixed.stdout and fixed.returncode == 0


def test_pyproject_settings_and_flags_winning(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "b.py", LAMBDA_STEP)
    write(tmp_path, "pyproject.toml", '[tool.scanlint]\nstep-style = "any"\n')
    assert run_scanlint("check", ".", cwd=tmp_path).returncode == 0
    assert run_scanlint("check", "--step-style", "def", ".", cwd=tmp_path).returncode == 1
    write(tmp_path, "pyproject.toml", '[tool.scanlint]\nper-file-ignores = {"sub/*" = ["SCN001"]}\n')
    result = run_scanlint("check", ".", cwd=tmp_path)
    assert result.stdout.splitlines() == [
        line for line in result.stdout.splitlines() if line.startswith("a.py")] != []
    write(tmp_path, "pyproject.toml", '[tool.scanlint]\nexclude = ["sub/"]\nignore = []\n')
    result = run_scanlint("check", ".", cwd=tmp_path)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["a.py"]


def test_min_unrolled_trips_setting(tmp_path):
    write(tmp_path, "a.py", "import jax\n@jax.jit\ndef f(x):\n    for _ in range(12):\n"
                            "        x = x * 2.0\n    return x\n")
    assert "unrolled 12 times" in run_scanlint("check", "a.py", cwd=tmp_path).stdout
    write(tmp_path, "pyproject.toml", "[tool.scanlint]\nmin-unrolled-trips = 13\n")
    assert run_scanlint("check", "a.py", cwd=tmp_path).returncode == 0


def test_preview_rules_run_only_with_preview(tmp_path, monkeypatch):
    """A rule in preview reports nothing unless the setting or the flag turns preview on."""
    from scanlint.core.settings import Settings
    from scanlint.engine.check import check_text
    from scanlint.rules import rule_by_code

    monkeypatch.setattr(rule_by_code("SCN001"), "PREVIEW", True)
    assert check_text(LAMBDA_STEP, "a.py", Settings()) == []
    assert [d.code for d in check_text(LAMBDA_STEP, "a.py", Settings(preview=True))] == ["SCN001"]
    write(tmp_path, "a.py", LAMBDA_STEP)
    write(tmp_path, "pyproject.toml", "[tool.scanlint]\npreview = true\n")
    from scanlint.engine.config import load_settings

    assert load_settings(str(tmp_path / "pyproject.toml")).preview is True
    from scanlint.cli import build_parser, resolve_settings

    for flags, expected in (([], True), (["--no-preview"], False), (["--preview"], True)):
        args = build_parser().parse_args(["check", *flags, "--config",
                                          str(tmp_path / "pyproject.toml")])
        assert resolve_settings(args)[0].preview is expected, flags
    write(tmp_path, "pyproject.toml", '[tool.scanlint]\npreview = "yes"\n')
    result = run_scanlint("check", "a.py", cwd=tmp_path)
    assert result.returncode == 2 and "`preview`" in result.stderr


def test_bad_settings_exit_2_naming_the_setting(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    for table, named in [('colour = "red"', "colour"), ('step-style = "curly"', "step-style"),
                         ('select = ["XYZ1"]', "XYZ1"), ('select = "SCN001"', "select"),
                         ("min-unrolled-trips = 0", "min-unrolled-trips"),
                         ('min-unrolled-trips = "ten"', "min-unrolled-trips")]:
        write(tmp_path, "pyproject.toml", f"[tool.scanlint]\n{table}\n")
        result = run_scanlint("check", "a.py", cwd=tmp_path)
        assert result.returncode == 2 and named in result.stderr, table
        assert "Traceback" not in result.stderr
    write(tmp_path, "pyproject.toml", "[tool.scanlint\n")
    result = run_scanlint("check", "a.py", cwd=tmp_path)
    assert result.returncode == 2 and "not valid TOML" in result.stderr


def test_gitignored_files_are_skipped(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    (tmp_path / "gen").mkdir()
    write(tmp_path / "gen", "b.py", LAMBDA_STEP)
    write(tmp_path, ".gitignore", "gen/\n")
    result = run_scanlint("check", ".", cwd=tmp_path)
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["a.py"]


def test_statistics_and_rule_docs():
    result = run_scanlint("check", "--statistics", "fixtures", cwd=FIXTURES.parent)
    assert "    9\tSCN001\t[*] lambda-step" in result.stdout
    doc = run_scanlint("rule", "SCN001")
    assert doc.returncode == 0 and doc.stdout.startswith("# SCN001 lambda-step")
    assert "## Use instead" in doc.stdout
    assert run_scanlint("rule", "SCN000").returncode == 2


def test_python_dash_m_and_console_script_agree():
    import shutil

    exe = shutil.which("scanlint")
    if exe is None:
        return
    a = run_scanlint("check", "fixtures", cwd=FIXTURES.parent)
    b = process_groups.run([exe, "check", "fixtures"], cwd=FIXTURES.parent, capture_output=True,
                           text=True)
    assert (a.stdout, a.returncode) == (b.stdout, b.returncode)


def test_a_command_needing_an_extra_names_it(tmp_path):
    """Right after the README's install (no jax), `scanlint verify` says what to install,
    as the language server does for pygls."""
    write(tmp_path, "a.py", LAMBDA_STEP)
    for command, what in ((["verify", "a.py"], "scanlint verify"),
                          (["measure", "--pytest", "tests", "a.py"], "scanlint measure"),
                          (["check", "--fix", "--verify", "a.py"], "scanlint check --verify")):
        blocked = ("import sys; sys.modules['jax'] = None; from scanlint.cli import main; "
                   f"sys.exit(main({command!r}))")
        result = process_groups.run([sys.executable, "-c", blocked], cwd=tmp_path,
                                    capture_output=True, text=True, timeout=300)
        assert result.returncode == 2, command
        assert result.stderr == (f"scanlint: error: {what} needs jax: "
                                 "pip install 'scanlint[verify]'\n")
    server = process_groups.run([sys.executable, "-c", "import sys; sys.modules['pygls'] = None; "
                             "from scanlint.cli import main; sys.exit(main(['server']))"],
                                capture_output=True, text=True, timeout=300)
    assert "pip install 'scanlint[lsp]'" in server.stderr and server.returncode == 2


def test_a_bad_setting_says_which_file_and_what_is_allowed(tmp_path):
    write(tmp_path, "a.py", LAMBDA_STEP)
    pyproject = tmp_path / "pyproject.toml"
    where = f"{pyproject} [tool.scanlint]"
    for table, message in (
            ("line-length = 0", f"`line-length` in {where} must be a number of columns from 1 "
                                "to 1000, not 0"),
            ('step-style = "curly"', f"`step-style` in {where} must be one of def, lambda, any, "
                                     "not 'curly'"),
            ('param-style = "global"', f"`param-style` in {where} must be one of closure, carry, "
                                       "consistent, any, not 'global'"),
            ('select = ["SCN77"]', f"unknown rule code `SCN77` in `select` in {where} (known:")):
        pyproject.write_text(f"[tool.scanlint]\n{table}\n")
        result = run_scanlint("check", "a.py", cwd=tmp_path)
        assert result.returncode == 2 and result.stderr.startswith(
            f"scanlint: error: {message}"), result.stderr
