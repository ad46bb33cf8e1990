"""flake8 --select SCN reports exactly what `scanlint check` reports, from the same engine."""

import sys

from conftest import FIXTURES, run_scanlint
import process_groups


def test_flake8_parity_on_fixtures():
    flake8 = process_groups.run(
        [sys.executable, "-m", "flake8", "--select", "SCN", "--format",
         "%(path)s:%(row)d:%(col)d: %(code)s", "fixtures"],
        cwd=FIXTURES.parent, capture_output=True, text=True, timeout=300)
    ours = run_scanlint("check", "fixtures", cwd=FIXTURES.parent)
    flake8_rows = sorted(line.removeprefix("./") for line in flake8.stdout.splitlines())
    our_rows = sorted(":".join(line.split(":")[:3]) + ": " + line.split(": ")[1].split()[0]
                      for line in ours.stdout.splitlines())
    assert flake8_rows == our_rows and len(our_rows) == 21


def test_flake8_noqa_matches(tmp_path):
    source = ("import jax\ndef run(xs):\n    step = lambda c, x: (c, x)  # noqa: SCN001\n"
              "    return jax.lax.scan(step, 0, xs)\n")
    (tmp_path / "a.py").write_text(source)
    flake8 = process_groups.run([sys.executable, "-m", "flake8", "--select", "SCN", "a.py"],
                                cwd=tmp_path, capture_output=True, text=True)
    assert flake8.returncode == 0 and flake8.stdout == ""


UNSELECTED_RUN = """
import os, sys
from flake8.main.application import Application
app = Application()
app.run([*sys.argv[1:], "--output-file", os.devnull])
from scanlint.flake8_plugin import ScanlintChecker
print(ScanlintChecker.selected, "scanlint.engine.check" in sys.modules, app.result_count)
"""


def flake8_in_process(*flags: str) -> list[str]:
    """flake8 run in one process (`-j 1`) on the lambda-step fixture: whether the plugin was
    selected, whether it loaded the engine, how many errors flake8 reported."""
    result = process_groups.run([sys.executable, "-c", UNSELECTED_RUN, *flags, "-j", "1",
                             str(FIXTURES / "loop_family.py")], capture_output=True, text=True,
                                timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_plugin_returns_at_once_when_no_scn_code_is_selected():
    """flake8 runs every installed plugin; with no SCN code selected ours must cost nothing:
    `parse_options` reads flake8's select/ignore and `run` returns before loading the
    engine (benchmarks/flake8_overhead.py measures the whole run)."""
    # the fixture's five lambdas bound to names: E731 each, and SCN001 each when selected
    assert flake8_in_process("--select", "E731") == ["False", "False", "5"]
    assert flake8_in_process("--select", "SCN", "--ignore", "SCN") == ["False", "False", "0"]
    assert flake8_in_process("--select", "SCN", "--ignore", "SCN0")[:2] == ["True", "True"]
    assert flake8_in_process("--select", "E731", "--extend-ignore", "SCN")[:2] == \
        ["False", "False"]
    selected = flake8_in_process("--select", "E731", "--extend-select", "SCN0")
    assert selected == ["True", "True", "10"]
    assert flake8_in_process()[:2] == ["True", "True"]  # flake8's default: every plugin
