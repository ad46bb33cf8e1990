"""`verify --pytest`: the project's own tests run once on each version, and every call they
make into the changed module is compared, bit for bit, with what it left behind."""

import json
import subprocess

import pytest

from conftest import run_scanlint

pytest.importorskip("jax")

BASE = "GAIN = 3.0\n"

DYNAMICS = '''import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp

from . import base


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array


def rollout(state, dt, steps):
    def step(carry, _):
        pos = carry.pos + dt * carry.vel
        return State(pos, carry.vel * 0.9), pos
    return jax.lax.scan(step, state, None, length=steps)


def totals(stats):
    step = lambda c, x: (c + x, c)
    total, _ = jax.lax.scan(step, 0.0, stats["values"])
    return {"total": total, "count": stats["values"].shape[0]}


def halve(x):
    return x * 0.5


def damped(x, n):
    step = lambda c, _: (halve(c), c)
    return jax.lax.scan(step, x, None, length=n)


def scaled(x, g):
    return x * g / base.GAIN


@functools.partial(jax.tree_util.register_dataclass, data_fields=["rate"],
                   meta_fields=["steps"])
@dataclasses.dataclass
class Decay:
    rate: jax.Array
    steps: int

    def run(self, x):
        step = lambda c, _: (c * self.rate, c)
        return jax.lax.scan(step, x, None, length=self.steps)


def unused(x):
    step = lambda c, _: (c + 1.0, c)
    return jax.lax.scan(step, x, None, length=2)
'''

# The second commit: style changes that compute the same bits, one reassociated product.
CHANGES = [
    ("return State(pos, carry.vel * 0.9), pos", "return carry._replace(pos=pos, vel=carry.vel * 0.9), pos"),
    ("    step = lambda c, x: (c + x, c)\n", "    def step(c, x):\n        return c + x, c\n"),
    ("    return x * 0.5\n", "    return x / 2.0\n"),
    ("    step = lambda c, _: (halve(c), c)\n", "    def step(c, _):\n        return halve(c), c\n"),
    ("return x * g / base.GAIN", "return x * (g / base.GAIN)"),
    ("(c + 1.0, c)", "(c + 1.0 + 0.0, c)"),
    ("        step = lambda c, _: (c * self.rate, c)\n",
     "        def step(c, _):\n            return c * self.rate, c\n"),
]

TESTS = '''import jax.numpy as jnp

from sim import State, rollout
from sim.dynamics import Decay, damped, scaled, totals


def test_rollout_moves():
    final, traj = rollout(State(jnp.zeros(2), jnp.ones(2)), 0.1, 4)
    assert traj.shape == (4, 2)


def test_totals():
    assert totals({"values": jnp.arange(4.0)})["count"] == 4


def test_damped_decays():
    final, ys = damped(jnp.ones(3), 5)
    assert float(final[0]) < 1.0


def test_scaled():
    assert scaled(jnp.float32(0.1), jnp.linspace(0.1, 1.7, 7)).shape == (7,)


def test_decay_method():
    assert Decay(jnp.float32(0.5), 3).run(jnp.ones(2))[1].shape == (3, 2)
'''


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder,
                   check=True, capture_output=True)


def write_project(root, dynamics=DYNAMICS, pyproject='[project]\nname = "sim"\n'):
    (root / "sim").mkdir()
    (root / "tests").mkdir()
    (root / "pyproject.toml").write_text(pyproject)
    (root / "sim" / "__init__.py").write_text("from .dynamics import State, rollout\n")
    (root / "sim" / "base.py").write_text(BASE)
    (root / "sim" / "dynamics.py").write_text(dynamics)
    (root / "tests" / "test_sim.py").write_text(TESTS)


@pytest.fixture
def two_commits(tmp_path):
    write_project(tmp_path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "one")
    changed = DYNAMICS
    for old, new in CHANGES:
        assert old in changed
        changed = changed.replace(old, new)
    (tmp_path / "sim" / "dynamics.py").write_text(changed)
    git(tmp_path, "commit", "-qam", "two")
    return tmp_path


def test_rev_with_pytest_judges_each_function_on_the_tests_calls(two_commits):
    result = run_scanlint("verify", "--rev", "HEAD~1", "sim/dynamics.py", "--pytest", "tests/",
                          "--output-format", "json", cwd=two_commits)
    report = json.loads(result.stdout)["default"]
    functions = {f["name"]: f for f in report["functions"]}
    assert {name: f["status"] for name, f in functions.items()} == {
        "rollout": "identical",  # NamedTuple carry
        "totals": "identical",  # dict in, dict out
        "damped": "agrees",  # its jaxpr differs where it calls halve
        "halve": "agrees",  # x * 0.5 and x / 2.0: the same bits, other jaxprs
        "scaled": "differs",  # x * g / 3.0 against x * (g / 3.0)
        "unused": "not exercised",
        "Decay.run": "identical",  # a method of a registered dataclass
    }, report
    assert result.returncode == 1
    labels = {e["label"]: e for e in report["entries"]}
    assert labels["damped [tests/test_sim.py::test_damped_decays]"]["status"] == "equal"
    assert any("values differ" in d for d in
               labels["scaled [tests/test_sim.py::test_scaled]"]["details"])
    assert functions["unused"]["details"][0] == "no call reached its changed code"
    assert functions["rollout"]["calls"] == [  # the test's call, and its scan step's
        "2 calls reached its changed code (1 test or calls): 2 equal"]
    assert functions["rollout"]["ran"] == {"before": "19", "after": "19"}
    assert "int32[] (weak)" not in functions["damped"]["covers"]
    assert "static: 5" in functions["damped"]["covers"]
    assert report["warnings"] == []


def test_check_fix_verify_pytest_writes_only_exercised_files(tmp_path):
    """One test run per version for both files; the flag wins over the `pytest` setting."""
    exercised = DYNAMICS[:DYNAMICS.index("def unused")]
    write_project(tmp_path, exercised, pyproject=(
        '[tool.scanlint.verify]\npytest = "tests/no_such_file.py"\nmax-calls = 2\n'))
    (tmp_path / "sim" / "extra.py").write_text(
        "import jax\n\n\ndef spare(x):\n    step = lambda c, _: (c * 2.0, c)\n"
        "    return jax.lax.scan(step, x, None, length=3)\n")
    (tmp_path / "sim" / "__init__.py").write_text(
        "from .dynamics import State, rollout\nfrom . import extra\n")
    (tmp_path / "tests" / "test_failing.py").write_text("def test_fails():\n    assert False\n")
    spare_before = (tmp_path / "sim" / "extra.py").read_text()
    result = run_scanlint("check", "--fix", "--verify", "--pytest", "tests/", "--no-cache",
                          "--select", "SCN001", "sim/", cwd=tmp_path)
    dynamics = (tmp_path / "sim" / "dynamics.py").read_text()
    assert "def step(c, x):" in dynamics and "lambda" not in dynamics, result.stderr
    assert (tmp_path / "sim" / "extra.py").read_text() == spare_before
    assert ("sim/extra.py: fixes not applied, unverified (spare: not exercised "
            "(no call reached its changed code; the body of `step` (line 5 in `step`) did not "
            "run") in result.stderr
    assert "warning: the test run did not pass (pytest exit 1, 1 failed" in result.stderr
    assert result.returncode == 1  # extra.py's finding is left


def test_pytest_setting_is_one_shell_line(tmp_path):
    from scanlint.engine.config import load_settings
    from scanlint.verify.cli import pytest_line

    (tmp_path / "pyproject.toml").write_text(
        '[tool.scanlint.verify]\npytest = "tests/ -k \'solver and not slow\'"\nmax-calls = 3\n')
    settings = load_settings(str(tmp_path / "pyproject.toml"))
    assert settings.verify_max_calls == 3
    assert pytest_line(None, settings) == ["tests/", "-k", "solver and not slow"]
    assert pytest_line("tests/a.py", settings) == ["tests/a.py"]  # the flag wins
    assert pytest_line("", settings) is None  # and an empty one turns it off


def test_pytest_usage_errors(tmp_path):
    write_project(tmp_path)
    unbalanced = run_scanlint("verify", "sim/dynamics.py", "--pytest", "'tests/", cwd=tmp_path)
    assert unbalanced.returncode == 2 and "--pytest" in unbalanced.stderr
    assert "Traceback" not in unbalanced.stderr
    without_verify = run_scanlint("check", "--fix", "--pytest", "tests/", "sim/", cwd=tmp_path)
    assert without_verify.returncode == 2 and "--pytest goes with --fix --verify" in \
        without_verify.stderr
    (tmp_path / "pyproject.toml").write_text("[tool.scanlint.verify]\nmax-calls = 0\n")
    bad_setting = run_scanlint("check", "sim/", cwd=tmp_path)
    assert bad_setting.returncode == 2 and "max-calls" in bad_setting.stderr


def test_module_names_follow_packages_up_to_the_project_root(tmp_path):
    """optax's layout: `_src` has no `__init__.py` but sits inside the `optax` package."""
    from scanlint.verify.loading import locate_module

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "optax" / "_src").mkdir(parents=True)
    (tmp_path / "optax" / "__init__.py").write_text("")
    (tmp_path / "optax" / "_src" / "linear_algebra.py").write_text("")
    (tmp_path / "alone.py").write_text("")
    (tmp_path / "odd-name.py").write_text("")
    found = locate_module(str(tmp_path / "optax" / "_src" / "linear_algebra.py"))
    assert (found.name, found.import_root) == ("optax._src.linear_algebra", str(tmp_path))
    package = locate_module(str(tmp_path / "optax" / "__init__.py"))
    assert (package.name, package.is_package) == ("optax", True)
    assert locate_module(str(tmp_path / "alone.py")).name == "alone"
    assert locate_module(str(tmp_path / "odd-name.py")).name == "scanlint_verify_odd_name"


def test_several_files_one_unreadable(two_commits):
    """One bad file does not stop the others; each entry and function says its path."""
    result = run_scanlint("verify", "--rev", "HEAD~1", "sim/dynamics.py", "sim/missing.py",
                          "--output-format", "json", cwd=two_commits)
    report = json.loads(result.stdout)["default"]
    assert result.returncode == 1 and "sim/missing.py" in report["error"]
    assert {f["path"] for f in report["functions"]} == {"sim/dynamics.py"}
    assert {f["status"] for f in report["functions"]} == {"not exercised"}  # no inputs asked for


