"""flake8 --select SCN reports exactly what `scanlint check` reports, from the same engine."""

import subprocess
import sys

from conftest import FIXTURES, run_scanlint


def test_flake8_parity_on_fixtures():
    flake8 = subprocess.run(
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
    flake8 = subprocess.run([sys.executable, "-m", "flake8", "--select", "SCN", "a.py"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert flake8.returncode == 0 and flake8.stdout == ""
